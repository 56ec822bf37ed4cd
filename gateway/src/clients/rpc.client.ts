import type { Provider } from '@nestjs/common';
import { RpcClient } from '@app/common';
import { config } from '../config.js';
import { toHttpException } from './rpc-error.mapper.js';

/**
 * The gateway's one NATS connection. Every call has a deadline (SERVICE_TIMEOUT_MS unless the call
 * says otherwise), so a stopped service costs a caller a 503 after at most that long, never a
 * hang; a failed call is thrown as the HttpException the route answers.
 */
export const gatewayRpcClient: Provider = {
  provide: RpcClient,
  useFactory: () =>
    RpcClient.overNats(config, 'gateway', { deadlineMs: config.SERVICE_TIMEOUT_MS, mapError: toHttpException }),
};
