import { Injectable } from '@nestjs/common';
import {
  ADMIN_PATTERNS,
  type Actor,
  type AdminActorMessage,
  type AdminUserMessage,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class AdminClient {
  constructor(private readonly rpc: RpcClient) {}

  listUsers(actor: Actor): Promise<UserDto[]> {
    return this.rpc.send<UserDto[], AdminActorMessage>('admin', ADMIN_PATTERNS.listUsers, { actor });
  }

  deleteUser(actor: Actor, userId: string): Promise<{ userId: string }> {
    return this.rpc.send<{ userId: string }, AdminUserMessage>('admin', ADMIN_PATTERNS.deleteUser, { actor, userId });
  }

  toggleAdmin(actor: Actor, userId: string): Promise<UserDto> {
    return this.rpc.send<UserDto, AdminUserMessage>('admin', ADMIN_PATTERNS.toggleAdmin, { actor, userId });
  }
}
