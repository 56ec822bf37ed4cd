import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Category names are unique ignoring case ("golf" clashes with "Golf"). An index rather than a
 * check before the insert, so two admins creating the same name at once cannot both succeed.
 * UQ_categories_name stays: the seed migration's ON CONFLICT ("name") names it.
 */
export class CategoryNamesUniqueIgnoringCase1763700000002 implements MigrationInterface {
  name = 'CategoryNamesUniqueIgnoringCase1763700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX "UQ_categories_name_lower" ON "categories" (lower("name"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_categories_name_lower"`);
  }
}
