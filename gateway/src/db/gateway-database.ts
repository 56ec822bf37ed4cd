import type { ServiceDatabase } from '@app/database';
import { GatewaySchema1764000000000 } from './migrations/1764000000000-gateway-schema.js';

/** The gateway's schema: sessions (read and written by connect-pg-simple, not TypeORM). */
export const GATEWAY_DATABASE: ServiceDatabase = {
  schema: 'gateway',
  entities: [],
  migrations: [GatewaySchema1764000000000],
};
