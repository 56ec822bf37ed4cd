import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { DatabaseModule } from '@app/database';
import { config } from './config.js';
import { UsersHandler } from './users/users.handler.js';
import { UsersRepository } from './users/users.repository.js';
import { ADMIN_EMAIL, UsersService } from './users/users.service.js';

/** The auth service: accounts, credentials and profiles (owner of `users`). */
@Module({
  imports: [DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'auth' }), HealthModule.forApp('auth')],
  controllers: [UsersHandler],
  providers: [UsersRepository, UsersService, { provide: ADMIN_EMAIL, useValue: config.ADMIN_EMAIL }],
})
export class AppModule {}
