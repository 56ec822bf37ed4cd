import { Injectable } from '@nestjs/common';
import { ADMIN_RPC, type Actor, type ListAdminUsersQuery, type Page, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/common';

@Injectable()
export class AdminClient {
  constructor(private readonly rpc: RpcClient) {}

  listUsers(actor: Actor, page: ListAdminUsersQuery): Promise<Page<UserDto>> {
    return this.rpc.call(ADMIN_RPC.listUsers, { actor, ...page });
  }

  deleteUser(actor: Actor, userId: string): Promise<{ userId: string }> {
    return this.rpc.call(ADMIN_RPC.deleteUser, { actor, userId });
  }

  toggleAdmin(actor: Actor, userId: string): Promise<UserDto> {
    return this.rpc.call(ADMIN_RPC.toggleAdmin, { actor, userId });
  }
}
