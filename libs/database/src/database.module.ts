import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, migrateDatabase, type DataSourceOptions } from './data-source.js';

/** Opens the service's own PostgreSQL pool, migrates its schema, and closes the pool on shutdown. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(options: DataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createDataSource(options);
            await dataSource.initialize();
            await refuseSuperuser(dataSource, options.applicationName);
            await migrateDatabase(dataSource);
            return dataSource;
          },
        },
      ],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Readiness check for PostgreSQL. */
export const postgresIndicator = (dataSource: DataSource) => ({
  name: 'postgres',
  check: async () => {
    await dataSource.query('SELECT 1');
  },
});

/**
 * A service connects as its own role, which can write only its own schema: a superuser would
 * see through every wall, so the process refuses to start with one.
 */
async function refuseSuperuser(dataSource: DataSource, app: string): Promise<void> {
  const [{ rolsuper, role }] = await dataSource.query<[{ rolsuper: boolean; role: string }]>(
    `SELECT rolsuper, current_user AS role FROM pg_roles WHERE rolname = current_user`,
  );
  if (rolsuper)
    throw new Error(
      `${app} connected to PostgreSQL as the superuser ${role}: give it its own role (npm run db:provision creates them)`,
    );
}
