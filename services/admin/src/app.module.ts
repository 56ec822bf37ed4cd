import { Module } from '@nestjs/common';
import { AdminOfRecord, HealthModule, RpcClient } from '@app/common';
import { DatabaseModule } from '@app/database';
import { config } from './config.js';
import { ADMIN_DATABASE } from './db/admin-database.js';
import { AdminUsersHandler } from './users/admin-users.handler.js';
import { AdminUsersRepository } from './users/admin-users.repository.js';
import { AdminUsersService } from './users/admin-users.service.js';
import { UserDeletionSaga } from './users/user-deletion.saga.js';
import { ReportsHandler } from './reports/reports.handler.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { ReportsService } from './reports/reports.service.js';

/**
 * The admin service: user administration and the user-deletion saga (owner of `user_deletions`),
 * reports and moderation decisions (owner of `reports`, `moderation_decisions`).
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'admin', database: ADMIN_DATABASE }),
    HealthModule.forApp('admin'),
  ],
  controllers: [AdminUsersHandler, ReportsHandler],
  providers: [
    AdminUsersRepository,
    AdminUsersService,
    ReportsRepository,
    ReportsService,
    {
      // The admin service's calls to the services that own the rows it changes: it never writes
      // their tables itself. Long enough for a member with many videos; a saga step that times
      // out is simply run again.
      provide: RpcClient,
      useFactory: () => RpcClient.overNats(config, 'admin', { deadlineMs: 15_000 }),
    },
    UserDeletionSaga,
    {
      provide: AdminOfRecord,
      useFactory: () => new AdminOfRecord(config, 'admin'),
    },
  ],
})
export class AppModule {}
