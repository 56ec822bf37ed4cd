import { z } from 'zod';
import { actorSchema } from '../auth/actor.schema.js';
import { hasForbiddenCharacter, isInvisibleText } from '../text/plain-text.js';
import { characterCount, rowIdParam } from './params.js';

/** Spec section 3 / 9: name and icon at most 50 characters each. */
export const CATEGORY_LIMITS = { nameMax: 50, iconMax: 50 } as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  nameTooLong: `Category name must be ${CATEGORY_LIMITS.nameMax} characters or less`,
  nameControlCharacter: 'Category name must not contain control characters',
  iconRequired: 'Category icon is required',
  iconTooLong: `Category icon must be ${CATEGORY_LIMITS.iconMax} characters or less`,
  iconControlCharacter: 'Category icon must not contain control characters',
  nameTaken: 'A category with this name already exists',
  idInvalid: 'Category id must be a positive integer',
  notFound: 'Category not found',
  adminRequired: 'Admin access required',
} as const;

// Trimmed, then 1..max characters (code points, as varchar counts them); a missing or non-string
// value is "required".
const text = (max: number, messages: { required: string; tooLong: string; control: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .refine((value) => !isInvisibleText(value), messages.required)
    .refine((value) => characterCount(value) <= max, messages.tooLong)
    .refine((value) => !hasForbiddenCharacter(value, 'single-line'), messages.control);

/** POST /api/categories (admins only). Other fields are dropped. */
export const createCategoryRequestSchema = z.object({
  name: text(CATEGORY_LIMITS.nameMax, {
    required: CATEGORY_MESSAGES.nameRequired,
    tooLong: CATEGORY_MESSAGES.nameTooLong,
    control: CATEGORY_MESSAGES.nameControlCharacter,
  }),
  icon: text(CATEGORY_LIMITS.iconMax, {
    required: CATEGORY_MESSAGES.iconRequired,
    tooLong: CATEGORY_MESSAGES.iconTooLong,
    control: CATEGORY_MESSAGES.iconControlCharacter,
  }),
});
export type CreateCategoryRequest = z.output<typeof createCategoryRequestSchema>;

/** DELETE /api/categories/{id}: the route parameter. */
export const categoryIdParamsSchema = z.object({ id: rowIdParam(CATEGORY_MESSAGES.idInvalid) });
export type CategoryIdParams = z.output<typeof categoryIdParamsSchema>;

/** `CATALOG_RPC.createCategory` */
export const createCategoryMessageSchema = z.object({
  actor: actorSchema,
  category: createCategoryRequestSchema,
});
export type CreateCategoryMessage = z.output<typeof createCategoryMessageSchema>;

/** `CATALOG_RPC.deleteCategory` */
export const deleteCategoryMessageSchema = z.object({
  actor: actorSchema,
  categoryId: rowIdParam(CATEGORY_MESSAGES.idInvalid),
});
export type DeleteCategoryMessage = z.output<typeof deleteCategoryMessageSchema>;
