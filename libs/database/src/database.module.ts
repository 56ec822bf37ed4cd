import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, migrateDatabase } from './data-source.js';

/** Opens the shared PostgreSQL pool, applies pending migrations, and closes it on shutdown. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(options: { url: string; applicationName: string }): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createDataSource(options.url, options.applicationName);
            await dataSource.initialize();
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
