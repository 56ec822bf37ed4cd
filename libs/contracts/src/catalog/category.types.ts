import { z } from 'zod';

/** Category as the screens see it (spec section 3). */
export const categoryDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
});
export type CategoryDto = z.infer<typeof categoryDtoSchema>;
