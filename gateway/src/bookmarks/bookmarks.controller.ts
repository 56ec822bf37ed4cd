import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  addBookmarkBodySchema,
  listBookmarksQuerySchema,
  type ListBookmarksQuery,
  VIDEO_MESSAGES,
  type AddBookmarkBody,
  type BookmarkCheckDto,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { CatalogClient } from '../clients/catalog.client.js';
import { RowIdPipe } from '../http/row-id.pipe.js';
import { sendPage } from '../http/next-page.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

const VideoIdPipe = new RowIdPipe(VIDEO_MESSAGES.notFound);

/** A member's saved videos; signed in only. Saving twice and removing what is not saved are fine. */
@Controller('api/bookmarks')
@UseGuards(SignedInGuard)
export class BookmarksController {
  constructor(private readonly catalog: CatalogClient) {}

  /** Newest save first, 100 to a page (`?limit&cursor`); more pages: the `Link` header. */
  @Get()
  async list(
    @CurrentUser() user: UserDto,
    @Query(new ZodParamsPipe(listBookmarksQuerySchema)) page: ListBookmarksQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<VideoDto[]> {
    return sendPage(req, res, await this.catalog.listBookmarks(user.id, page));
  }

  @Get('check/:videoId')
  check(@CurrentUser() user: UserDto, @Param('videoId', VideoIdPipe) videoId: number): Promise<BookmarkCheckDto> {
    return this.catalog.checkBookmark(user.id, videoId);
  }

  /** 201 with `{ videoId, isBookmarked: true }`; 404 for a video that does not exist. */
  @Post()
  add(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(addBookmarkBodySchema)) body: AddBookmarkBody,
  ): Promise<BookmarkCheckDto> {
    return this.catalog.addBookmark(user.id, body.videoId);
  }

  @Delete(':videoId')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@CurrentUser() user: UserDto, @Param('videoId', VideoIdPipe) videoId: number): Promise<void> {
    await this.catalog.removeBookmark(user.id, videoId);
  }
}
