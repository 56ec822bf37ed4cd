import type { MixedList } from 'typeorm';

/**
 * What one service owns in PostgreSQL: its schema, the entities mapped onto it and the
 * migrations that build it. Declared next to the service (`services/<name>/src/db/`) and
 * migrated by that service, connected as its own role: nothing else creates or alters it.
 */
export interface ServiceDatabase {
  /** The PostgreSQL schema; the service's role owns it and its search_path starts with it. */
  schema: DatabaseOwner;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /**
   * Settings every connection of the service starts with (`-c name=value`), so no statement has
   * to set them first: e.g. the catalog's trigram threshold, which its search operators read.
   */
  sessionSettings?: Readonly<Record<string, string>>;
}

/** The connection's startup options: the schema first on the search_path, then the service's own settings. */
export const connectionOptions = (database: ServiceDatabase): string =>
  [
    `-c search_path=${database.schema}`,
    ...Object.entries(database.sessionSettings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');

/** Every process that keeps data in PostgreSQL, each in a schema of the same name. */
export const DATABASE_OWNERS = ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications'] as const;
export type DatabaseOwner = (typeof DATABASE_OWNERS)[number];
