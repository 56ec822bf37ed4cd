import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  REPORT_MESSAGES,
  adminReportsQuerySchema,
  createReportBodySchema,
  resolveReportBodySchema,
  type AdminReportGroupDto,
  type AdminReportsQuery,
  type CreateReportBody,
  type ReportDto,
  type ResolveReportBody,
  type UserDto,
} from '@app/contracts';
import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { AdminClient } from '../clients/admin.client.js';
import { RowIdPipe } from '../http/row-id.pipe.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';
import { LimitWrites } from '../throttle/write-limit.guard.js';

const actorOf = (user: UserDto) => ({ id: user.id, isAdmin: user.isAdmin });
const ReportIdPipe = new RowIdPipe(REPORT_MESSAGES.reportNotFound);

/** A member reports a video, a feedback, a reply or a member. */
@Controller('api/reports')
export class ReportsController {
  constructor(private readonly admin: AdminClient) {}

  /** 201 with a new report; 200 with the same report when the member already has one open on it. */
  @Post()
  @UseGuards(SignedInGuard)
  @LimitWrites()
  async create(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(createReportBodySchema)) body: CreateReportBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReportDto> {
    const { report, created } = await this.admin.createReport(actorOf(user), body);
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return report;
  }
}

/** The admins' queue of reports and their decisions. */
@Controller('api/admin/reports')
@UseGuards(AdminGuard)
export class AdminReportsController {
  constructor(private readonly admin: AdminClient) {}

  /** `?status=open` (default) or `resolved`: reports grouped by subject, with the content and decisions. */
  @Get()
  list(
    @CurrentUser() user: UserDto,
    @Query(new ZodParamsPipe(adminReportsQuerySchema)) query: AdminReportsQuery,
  ): Promise<AdminReportGroupDto[]> {
    return this.admin.listReports(actorOf(user), query.status ?? 'open');
  }

  /**
   * Runs the serial-voting check now (it runs nightly on its own): a member's burst of votes and
   * ratings on one author's feedback is reversed, with the points it gave.
   */
  @Post('serial-voting-check')
  @HttpCode(HttpStatus.OK)
  checkSerialVoting(@CurrentUser() user: UserDto): Promise<{ reversed: number }> {
    return this.admin.checkSerialVoting(actorOf(user));
  }

  /** `{ action: keep | hide | delete }` on the report's subject; every open report on it is decided. */
  @Post(':id/resolve')
  @HttpCode(HttpStatus.OK)
  resolve(
    @CurrentUser() user: UserDto,
    @Param('id', ReportIdPipe) id: number,
    @Body(new ZodBodyPipe(resolveReportBodySchema)) body: ResolveReportBody,
  ): Promise<AdminReportGroupDto> {
    return this.admin.resolveReport(actorOf(user), id, body.action);
  }
}
