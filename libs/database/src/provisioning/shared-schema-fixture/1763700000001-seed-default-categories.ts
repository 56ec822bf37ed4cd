import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_CATEGORIES } from '@app/contracts';

/**
 * The starting categories, as a migration so they are added exactly once per database:
 * a category an admin deletes later stays deleted across restarts.
 */
export class SeedDefaultCategories1763700000001 implements MigrationInterface {
  name = 'SeedDefaultCategories1763700000001';

  async up(q: QueryRunner): Promise<void> {
    for (const category of DEFAULT_CATEGORIES) {
      await q.query(`INSERT INTO "categories" ("name", "icon") VALUES ($1, $2) ON CONFLICT ("name") DO NOTHING`, [
        category.name,
        category.icon,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "categories" WHERE "name" = ANY($1)`, [DEFAULT_CATEGORIES.map((c) => c.name)]);
  }
}
