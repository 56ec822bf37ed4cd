/** Category as the screens see it (spec section 3). */
export interface CategoryDto {
  id: number;
  name: string;
  icon: string;
}
