import { Injectable } from '@nestjs/common';
import {
  ADMIN_RPC,
  type Actor,
  type AdminReportGroupDto,
  type CreateReportBody,
  type ListAdminUsersQuery,
  type ModerationAction,
  type Page,
  type ReportDto,
  type ReportStatus,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/common';
import { SignedInUserCache } from '../auth/signed-in-user-cache.js';

/**
 * The gateway's calls to the admin service. A call that changes an account (deleting it, its
 * admin flag, a decision on a reported member) forgets that member in this replica's
 * SignedInUserCache before the answer leaves: a deleted or demoted member's very next request on
 * this replica is refused; other replicas hear auth's announcement.
 */
@Injectable()
export class AdminClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly signedInUsers: SignedInUserCache,
  ) {}

  listUsers(actor: Actor, page: ListAdminUsersQuery): Promise<Page<UserDto>> {
    return this.rpc.call(ADMIN_RPC.listUsers, { actor, ...page });
  }

  deleteUser(actor: Actor, userId: string): Promise<{ userId: string }> {
    return this.signedInUsers.afterChange(userId, this.rpc.call(ADMIN_RPC.deleteUser, { actor, userId }));
  }

  toggleAdmin(actor: Actor, userId: string): Promise<UserDto> {
    return this.signedInUsers.afterChange(userId, this.rpc.call(ADMIN_RPC.toggleAdmin, { actor, userId }));
  }

  createReport(actor: Actor, report: CreateReportBody): Promise<{ report: ReportDto; created: boolean }> {
    return this.rpc.call(ADMIN_RPC.createReport, { actor, report });
  }

  listReports(actor: Actor, status: ReportStatus): Promise<AdminReportGroupDto[]> {
    return this.rpc.call(ADMIN_RPC.listReports, { actor, status });
  }

  checkSerialVoting(actor: Actor): Promise<{ reversed: number }> {
    return this.rpc.call(ADMIN_RPC.checkSerialVoting, { actor });
  }

  async resolveReport(actor: Actor, reportId: number, action: ModerationAction): Promise<AdminReportGroupDto> {
    const group = await this.rpc.call(ADMIN_RPC.resolveReport, { actor, reportId, action });
    if (group.subjectType === 'user') this.signedInUsers.forget(group.subjectId);
    return group;
  }
}
