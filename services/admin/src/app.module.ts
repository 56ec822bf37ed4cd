import { Module } from '@nestjs/common';
import { AdminOfRecord, HealthModule } from '@app/common';
import { DatabaseModule } from '@app/database';
import { config } from './config.js';
import { ADMIN_DATABASE } from './db/admin-database.js';
import { AdminUsersHandler } from './users/admin-users.handler.js';
import { AdminUsersRepository } from './users/admin-users.repository.js';
import { AdminUsersService } from './users/admin-users.service.js';
import { ServiceCalls } from './users/service-calls.js';
import { UserDeletionSaga } from './users/user-deletion.saga.js';

/** The admin service: user administration and the user-deletion saga (owner of `user_deletions`). */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'admin', database: ADMIN_DATABASE }),
    HealthModule.forApp('admin'),
  ],
  controllers: [AdminUsersHandler],
  providers: [
    AdminUsersRepository,
    AdminUsersService,
    ServiceCalls,
    UserDeletionSaga,
    {
      provide: AdminOfRecord,
      useFactory: () => new AdminOfRecord(config, 'admin'),
    },
  ],
})
export class AppModule {}
