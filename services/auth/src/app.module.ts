import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { HealthModule, LiveSignals, QueueModule } from '@app/common';
import { DatabaseModule, OutboxModule } from '@app/database';
import { config } from './config.js';
import { AUTH_DATABASE } from './db/auth-database.js';
import { ReputationProcessor } from './reputation/reputation.processor.js';
import { ReputationRepository } from './reputation/reputation.repository.js';
import { ProfileImageReferencesHandler } from './users/profile-image-references.handler.js';
import { UserChangeAnnouncer } from './users/user-change-announcer.js';
import { UsersHandler } from './users/users.handler.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';
import { ADMIN_BOOTSTRAP_CONFIG, AdminBootstrap } from './users/admin-bootstrap.js';

/**
 * The auth service: accounts, credentials and profiles (owner of `users`), whose public face it
 * publishes in its events, and members' reputation (points and badges), derived from the numbers
 * other services' events carry.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'auth', database: AUTH_DATABASE }),
    QueueModule.forRoot({
      app: 'auth',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.reputation],
    }),
    OutboxModule,
    HealthModule.forApp('auth'),
  ],
  controllers: [UsersHandler, ProfileImageReferencesHandler],
  providers: [
    UsersRepository,
    UsersService,
    AdminBootstrap,
    { provide: ADMIN_BOOTSTRAP_CONFIG, useValue: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } },
    ReputationRepository,
    ReputationProcessor,
    // Every gateway replica drops the signed-in member it cached when their account changes.
    { provide: LiveSignals, useFactory: () => LiveSignals.open(config, 'auth') },
    UserChangeAnnouncer,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(LiveSignals).close();
  }
}
