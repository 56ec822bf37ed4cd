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

  createReport(actor: Actor, report: CreateReportBody): Promise<{ report: ReportDto; created: boolean }> {
    return this.rpc.call(ADMIN_RPC.createReport, { actor, report });
  }

  listReports(actor: Actor, status: ReportStatus): Promise<AdminReportGroupDto[]> {
    return this.rpc.call(ADMIN_RPC.listReports, { actor, status });
  }

  checkSerialVoting(actor: Actor): Promise<{ reversed: number }> {
    return this.rpc.call(ADMIN_RPC.checkSerialVoting, { actor });
  }

  resolveReport(actor: Actor, reportId: number, action: ModerationAction): Promise<AdminReportGroupDto> {
    return this.rpc.call(ADMIN_RPC.resolveReport, { actor, reportId, action });
  }
}
