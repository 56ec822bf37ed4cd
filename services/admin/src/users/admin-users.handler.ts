import { Controller } from '@nestjs/common';
import { ADMIN_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { AdminUsersService } from './admin-users.service.js';

@Controller()
export class AdminUsersHandler {
  constructor(private readonly users: AdminUsersService) {}

  @Rpc(ADMIN_RPC.listUsers)
  list({ actor, ...page }: RpcPayload<typeof ADMIN_RPC.listUsers>) {
    return this.users.list(actor, page);
  }

  @Rpc(ADMIN_RPC.deleteUser)
  delete({ actor, userId }: RpcPayload<typeof ADMIN_RPC.deleteUser>) {
    return this.users.delete(actor, userId);
  }

  @Rpc(ADMIN_RPC.toggleAdmin)
  toggleAdmin({ actor, userId }: RpcPayload<typeof ADMIN_RPC.toggleAdmin>) {
    return this.users.toggleAdmin(actor, userId);
  }
}
