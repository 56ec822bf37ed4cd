import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  NOTIFICATION_MESSAGES,
  lastEventIdSchema,
  markNotificationsReadBodySchema,
  notificationPageQuerySchema,
  notificationPreferencesBodySchema,
  type MarkNotificationsReadBody,
  type NotificationPageDto,
  type NotificationPageQuery,
  type NotificationPreferencesBody,
  type NotificationPreferencesDto,
  type NotificationReadResultDto,
  type UserDto,
} from '@app/contracts';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { NotificationsClient } from '../clients/notifications.client.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';
import { NotificationStreams } from './notification-streams.js';

/** A member's own notifications: the list, read marks, preferences and the live stream. */
@Controller('api/notifications')
@UseGuards(SignedInGuard)
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsClient,
    private readonly streams: NotificationStreams,
  ) {}

  /** Newest first, 20 to a page; `nextCursor` names the next. */
  @Get()
  list(
    @CurrentUser() user: UserDto,
    @Query(new ZodParamsPipe(notificationPageQuerySchema)) page: NotificationPageQuery,
  ): Promise<NotificationPageDto> {
    return this.notifications.list(user.id, page);
  }

  /** `{ ids }` or `{ all: true }`; answers the unread count after it. */
  @Post('read')
  @HttpCode(HttpStatus.OK)
  markRead(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(markNotificationsReadBodySchema)) body: MarkNotificationsReadBody,
  ): Promise<NotificationReadResultDto> {
    return this.notifications.markRead(user.id, body);
  }

  @Get('preferences')
  preferences(@CurrentUser() user: UserDto): Promise<NotificationPreferencesDto> {
    return this.notifications.preferences(user.id);
  }

  @Put('preferences')
  setPreferences(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(notificationPreferencesBodySchema)) body: NotificationPreferencesBody,
  ): Promise<NotificationPreferencesDto> {
    return this.notifications.setPreferences(user.id, body.types);
  }

  /**
   * Server-Sent Events: each new or changed notification (its id the event id), the unread count
   * when it changes, a heartbeat. `Last-Event-ID` (or `?lastEventId=`) replays what came after it.
   */
  @Get('stream')
  async stream(@CurrentUser() user: UserDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const given = req.get('Last-Event-ID') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
    let lastEventId: number | null = null;
    if (given !== '') {
      const parsed = lastEventIdSchema.safeParse(given);
      if (!parsed.success) throw new BadRequestException({ message: NOTIFICATION_MESSAGES.lastEventIdInvalid });
      lastEventId = parsed.data;
    }
    await this.streams.open(user.id, lastEventId, req, res);
  }
}
