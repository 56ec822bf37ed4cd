import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { securityEvent } from '@app/common';
import { isCommonPassword } from '../passwords/common-passwords.js';
import { hashPassword, verifyPassword } from '../passwords/password-hasher.js';
import { UsersRepository } from './users.repository.js';

export const ADMIN_BOOTSTRAP_CONFIG = Symbol('ADMIN_BOOTSTRAP_CONFIG');
export interface AdminBootstrapConfig {
  email: string | undefined;
  password: string | undefined;
}

/**
 * The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD, once per address. No account with that
 * email: it is created as an admin with that password. An account exists: it is promoted only
 * when ADMIN_PASSWORD is its password, since whoever registered the address first may not be the
 * operator. Once done, the record in `admin_bootstraps` means later starts leave the account
 * alone, so another admin can demote or delete it for good. Anything else is logged as an error
 * and promotes nobody; the service runs on (admins can still be made with `npm run admin:promote`).
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    private readonly users: UsersRepository,
    @Inject(ADMIN_BOOTSTRAP_CONFIG) private readonly config: AdminBootstrapConfig,
  ) {}

  private run?: Promise<void>;

  /** Once per process: Nest calls this hook for the HTTP app and again for the NATS microservice. */
  onApplicationBootstrap(): Promise<void> {
    this.run ??= this.bootstrap();
    return this.run;
  }

  private async bootstrap(): Promise<void> {
    const { email, password } = this.config;
    if (!email) return;
    if (!password) {
      // An upgrade that still sets only ADMIN_EMAIL (the former rule) keeps running; it just promotes nobody.
      this.refuse(email, 'ADMIN_EMAIL is set without ADMIN_PASSWORD: nobody was made an admin.');
      return;
    }
    try {
      await this.users.inAdminBootstrap(async (steps) => {
        if (await steps.isDone(email)) return;
        const account = await steps.findAccount(email);
        if (!account) {
          if (isCommonPassword(password)) {
            this.refuse(
              email,
              'ADMIN_PASSWORD is one of the most common passwords: the admin account was not created.',
            );
            return;
          }
          const admin = await steps.createAdmin({
            email,
            password: await hashPassword(password),
            firstName: 'Site',
            lastName: 'Admin',
            description: null,
          });
          await steps.recordDone(email, admin.id, 'created');
          securityEvent(this.logger, {
            event: 'admin.bootstrap.created',
            outcome: 'success',
            actorId: 'system',
            target: { userId: admin.id, email },
          });
          return;
        }
        if (!(await verifyPassword(password, account.password))) {
          this.refuse(
            email,
            'ADMIN_EMAIL names an existing account whose password is not ADMIN_PASSWORD: it was not made an admin. ' +
              'Sign in as an admin and promote it, or run `npm run admin:promote`.',
          );
          return;
        }
        await steps.promote(account.id);
        await steps.recordDone(email, account.id, 'promoted');
        securityEvent(this.logger, {
          event: 'admin.bootstrap.promoted',
          outcome: 'success',
          actorId: 'system',
          target: { userId: account.id, email },
        });
      });
    } catch (error) {
      this.logger.error({
        msg: 'first-admin bootstrap failed: nobody was made an admin',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private refuse(email: string, reason: string): void {
    this.logger.error({ msg: `first-admin bootstrap refused: ${reason}`, email });
    securityEvent(this.logger, {
      event: 'admin.bootstrap.refused',
      outcome: 'denied',
      actorId: 'system',
      target: { email },
      reason,
    });
  }
}
