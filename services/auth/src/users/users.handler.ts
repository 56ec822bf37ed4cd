import { Controller } from '@nestjs/common';
import { AUTH_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { UsersService } from './users.service.js';

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @Rpc(AUTH_RPC.register)
  register(request: RpcPayload<typeof AUTH_RPC.register>) {
    return this.users.register(request);
  }

  @Rpc(AUTH_RPC.verifyCredentials)
  verifyCredentials(request: RpcPayload<typeof AUTH_RPC.verifyCredentials>) {
    return this.users.verifyCredentials(request);
  }

  @Rpc(AUTH_RPC.getUser)
  getUser({ userId, viewerId }: RpcPayload<typeof AUTH_RPC.getUser>) {
    return this.users.getUser(userId, viewerId);
  }

  @Rpc(AUTH_RPC.updateProfile)
  updateProfile({ userId, profile }: RpcPayload<typeof AUTH_RPC.updateProfile>) {
    return this.users.updateProfile(userId, profile);
  }

  @Rpc(AUTH_RPC.setProfileImage)
  setProfileImage({ userId, imageKey }: RpcPayload<typeof AUTH_RPC.setProfileImage>) {
    return this.users.setProfileImage(userId, imageKey);
  }

  @Rpc(AUTH_RPC.removeProfileImage)
  removeProfileImage({ userId }: RpcPayload<typeof AUTH_RPC.removeProfileImage>) {
    return this.users.removeProfileImage(userId);
  }

  @Rpc(AUTH_RPC.changePassword)
  changePassword(request: RpcPayload<typeof AUTH_RPC.changePassword>) {
    return this.users.changePassword(request);
  }

  @Rpc(AUTH_RPC.isAdmin)
  isAdmin({ userId }: RpcPayload<typeof AUTH_RPC.isAdmin>) {
    return this.users.adminOfRecord(userId);
  }

  @Rpc(AUTH_RPC.listUsers)
  listUsers({ actorId, ...page }: RpcPayload<typeof AUTH_RPC.listUsers>) {
    return this.users.listUsers(actorId, page);
  }

  @Rpc(AUTH_RPC.toggleAdmin)
  toggleAdmin({ actorId, userId }: RpcPayload<typeof AUTH_RPC.toggleAdmin>) {
    return this.users.toggleAdmin(actorId, userId);
  }

  @Rpc(AUTH_RPC.deletionRequested)
  deletionRequested({ userId }: RpcPayload<typeof AUTH_RPC.deletionRequested>) {
    return this.users.markDeletionRequested(userId);
  }

  @Rpc(AUTH_RPC.deleteAccount)
  deleteAccount({ userId }: RpcPayload<typeof AUTH_RPC.deleteAccount>) {
    return this.users.deleteAccount(userId);
  }
}
