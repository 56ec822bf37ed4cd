import { Controller } from '@nestjs/common';
import { ADMIN_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsHandler {
  constructor(private readonly reports: ReportsService) {}

  @Rpc(ADMIN_RPC.createReport)
  create({ actor, report }: RpcPayload<typeof ADMIN_RPC.createReport>) {
    return this.reports.create(actor, report);
  }

  @Rpc(ADMIN_RPC.listReports)
  list({ actor, status }: RpcPayload<typeof ADMIN_RPC.listReports>) {
    return this.reports.list(actor, status);
  }

  @Rpc(ADMIN_RPC.checkSerialVoting)
  checkSerialVoting({ actor }: RpcPayload<typeof ADMIN_RPC.checkSerialVoting>) {
    return this.reports.checkSerialVoting(actor);
  }

  @Rpc(ADMIN_RPC.resolveReport)
  resolve({ actor, reportId, action }: RpcPayload<typeof ADMIN_RPC.resolveReport>) {
    return this.reports.resolve(actor, reportId, action);
  }
}
