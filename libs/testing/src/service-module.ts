import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { DatabaseModule } from '@app/database';
import type { ServiceTestDatabase } from './service-database.js';

/**
 * A service's own AppModule, wired as in production (handlers, services, repositories), to be
 * compiled in this process. Only its DatabaseModule is pointed elsewhere: at `database`, as the
 * service's role, so it migrates the schema and refuses a superuser exactly as at boot. The
 * caller replaces what reaches other processes (the RpcClient: `stubServices`) before `compile()`.
 * A compiled module is not bootstrapped: timers and pollers a service starts in
 * `onApplicationBootstrap` stay off, so a spec drives them and sees only what it caused.
 */
export function serviceModule(appModule: Type, database: ServiceTestDatabase): TestingModuleBuilder {
  const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, appModule) ?? []) as unknown[];
  const own = imports.find((entry): entry is DynamicModule => (entry as DynamicModule)?.module === DatabaseModule);
  if (!own)
    throw new Error(`${appModule.name} imports no DatabaseModule.forRoot(…): nothing to point at the test database`);
  return Test.createTestingModule({ imports: [appModule] })
    .overrideModule(own)
    .useModule(
      DatabaseModule.forRoot({
        url: database.url,
        applicationName: database.definition.schema,
        database: database.definition,
      }),
    );
}
