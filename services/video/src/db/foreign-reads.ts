import { Entity, PrimaryColumn } from 'typeorm';

// TRANSITIONAL (issue 14, point 2): the video service still checks that a category exists by
// reading catalog's `categories`, read-only through the SELECT grant of
// TRANSITIONAL_FOREIGN_READS, until it asks the catalog by RPC instead.

/** Read-only: catalog.categories, only whether an id exists. */
@Entity({ name: 'categories', schema: 'catalog' })
export class ForeignCategoryEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
}
