import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  updateVideoRequestSchema,
  VIDEO_MESSAGES,
  videoSourceProblem,
  videoUploadFieldsSchema,
  type UpdateVideoRequest,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import type { ObjectStorage } from '@app/storage';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { CatalogClient } from '../clients/catalog.client.js';
import { VideoClient } from '../clients/video.client.js';
import { GATEWAY_STORAGE } from '../health/gateway-health.tokens.js';
import { storageCall } from '../http/storage-call.js';
import { RowIdPipe } from '../http/row-id.pipe.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { parseRange } from './byte-range.js';
import { config } from '../config.js';
import { LimitWrites } from '../throttle/write-limit.guard.js';
import { UploadSlots, type UploadSlot } from '../throttle/upload-slots.js';
import { ingestVideoUpload } from './video-ingest.js';

const VideoIdPipe = new RowIdPipe(VIDEO_MESSAGES.notFound);

@Controller('api/videos')
export class VideoItemsController {
  private readonly logger = new Logger(VideoItemsController.name);

  constructor(
    private readonly videos: VideoClient,
    private readonly catalog: CatalogClient,
    @Inject(GATEWAY_STORAGE) private readonly storage: ObjectStorage,
    private readonly uploadSlots: UploadSlots,
  ) {}

  /**
   * Multipart: title, description, categoryId and either `video` (file) or `youtubeUrl`. 201 with
   * the video. A file is stored under a key the video service recorded first (its upload
   * intent): an upload that does not become a video has its object deleted now, or by the video
   * service's sweeper once the intent expires when that cannot be decided here.
   */
  @Post()
  @UseGuards(SignedInGuard)
  @LimitWrites('uploads')
  async upload(@CurrentUser() user: UserDto, @Req() req: Request): Promise<VideoDto> {
    let slot: UploadSlot | undefined;
    let objectKey: string | undefined;
    try {
      const { fields, upload } = await storageCall(() =>
        ingestVideoUpload(req, this.storage, {
          prepareObject: async () => {
            slot = await this.uploadSlots.take(user.id);
            objectKey = (await this.videos.beginUpload(user.id)).objectKey;
            return objectKey;
          },
          minRate: {
            bytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
            windowMs: config.UPLOAD_MIN_RATE_WINDOW_SECONDS * 1000,
          },
        }),
      ).catch(async (error: unknown) => {
        // The ingest removed whatever it had stored; the intent goes too.
        if (objectKey) await this.dropUpload(user.id, objectKey, { maybeRegistered: false });
        throw error;
      });
      // The rules the dialog and the video service apply too: the fields, then file or link.
      const parsed = videoUploadFieldsSchema.safeParse(fields);
      const file = upload && { type: upload.mimeType, size: upload.sizeBytes };
      const problem = parsed.success
        ? videoSourceProblem(file, parsed.data.youtubeUrl)
        : (parsed.error.issues[0]?.message ?? 'Invalid input');
      if (problem || !parsed.success) {
        if (upload) await this.dropUpload(user.id, upload.objectKey, { maybeRegistered: false });
        throw new BadRequestException({ message: problem });
      }
      const written = await this.videos.create(user.id, parsed.data, upload).catch(async (error: unknown) => {
        // A refusal (4xx) registered nothing; a timeout or an outage may have registered the video.
        const refused = error instanceof HttpException && error.getStatus() < 500;
        if (upload) await this.dropUpload(user.id, upload.objectKey, { maybeRegistered: !refused });
        throw error;
      });
      return await this.catalog.getVideo(written.id, written.revision, user.id);
    } finally {
      await slot?.release();
    }
  }

  /**
   * Public. Counts a view at most once per viewer per video per 24 h: a member by their id, a
   * visitor by their network address and browser together (hashed), so neither sending no
   * cookie nor inventing one counts again.
   */
  @Get(':id')
  async get(@Param('id', VideoIdPipe) id: number, @Req() req: Request): Promise<VideoDto> {
    const video = await this.catalog.getVideo(id, undefined, req.user?.id ?? null);
    const viewerKey = req.user?.id ?? visitorKey(req);
    // A view that cannot be counted must not cost the viewer the page. The count is the video
    // service's own: the catalog's copy may not have heard of the latest views yet.
    const recorded = await this.videos.recordView(id, viewerKey).catch(() => null);
    return recorded?.views != null ? { ...video, views: recorded.views } : video;
  }

  @Patch(':id')
  @UseGuards(SignedInGuard)
  async update(
    @Param('id', VideoIdPipe) id: number,
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(updateVideoRequestSchema)) body: UpdateVideoRequest,
  ): Promise<VideoDto> {
    const written = await this.videos.update(id, { id: user.id, isAdmin: user.isAdmin }, body);
    return this.catalog.getVideo(id, written.revision, user.id);
  }

  /**
   * Uploader or admin; the stored files, feedback and bookmarks go with it. The answer waits a
   * short while for the catalog's lists to drop the video, so the deleter does not see it again;
   * the deletion is done either way.
   */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(SignedInGuard)
  async delete(@Param('id', VideoIdPipe) id: number, @CurrentUser() user: UserDto): Promise<void> {
    const written = await this.videos.delete(id, { id: user.id, isAdmin: user.isAdmin });
    await this.catalog.awaitVideo(id, written.revision).catch(() => undefined);
  }

  /**
   * The playable file with Range support (206), so seeking works and nothing is buffered. Only
   * the published copy (no metadata of the original) is served, except to the uploader, who may
   * preview their own original while the copy is being made; everyone else gets 404 until then.
   */
  @Get(':id/stream')
  async stream(@Param('id', VideoIdPipe) id: number, @Req() req: Request, @Res() res: Response): Promise<void> {
    const sources = await this.videos.playback(id, req.user?.id ?? null);
    if (!sources.video) throw new NotFoundException({ message: 'This video has no playable file yet' });
    const { objectKey, contentType, original } = sources.video;
    const head = await storageCall(() => this.storage.head(objectKey));
    if (!head) throw new NotFoundException({ message: 'Video file not found' });

    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Type', contentType);
    // Uploaded bytes: never sniffed into another type, never a page or a download of their own.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Content-Security-Policy', 'sandbox');
    res.setHeader('Cache-Control', original ? 'private, no-store' : 'private, max-age=3600');
    if (head.etag) res.setHeader('ETag', head.etag);
    const range = parseRange(req.headers.range, head.size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${head.size}`);
      res.status(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE).end();
      return;
    }
    const object = await storageCall(() => this.storage.download(objectKey, range ?? undefined));
    if (!object) throw new NotFoundException({ message: 'Video file not found' });
    res.setHeader('Content-Length', String(object.contentLength));
    if (range) {
      res.status(HttpStatus.PARTIAL_CONTENT);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${head.size}`);
    }
    await this.send(object.body, res);
  }

  @Get(':id/thumbnail')
  async thumbnail(@Param('id', VideoIdPipe) id: number, @Res() res: Response): Promise<void> {
    const sources = await this.videos.playback(id);
    if (!sources.thumbnailKey) throw new NotFoundException({ message: 'This video has no thumbnail yet' });
    const object = await storageCall(() => this.storage.download(sources.thumbnailKey!));
    if (!object) throw new NotFoundException({ message: 'Thumbnail not found' });
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Content-Length', String(object.contentLength));
    // Regenerated only if the video is processed again; a day is a fair trade.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await this.send(object.body, res);
  }

  private async send(body: NodeJS.ReadableStream, res: Response): Promise<void> {
    try {
      await pipeline(body, res);
    } catch (error) {
      // A viewer seeking away closes the connection mid-range: normal for video.
      this.logger.debug?.({ msg: 'stream ended early', error: String(error) });
    }
  }

  /**
   * Drops an upload that will not become a video: its intent goes and its object is deleted now.
   * When the registration may have committed after all (it timed out, or the service failed), the
   * object is deleted only once the video service confirms no video claimed it; with the service
   * out of reach, its sweeper removes the object when the intent expires.
   */
  private async dropUpload(memberId: string, objectKey: string, { maybeRegistered }: { maybeRegistered: boolean }) {
    const outcome = await this.videos.abandonUpload(memberId, objectKey).catch(() => undefined);
    if (outcome?.abandoned || !maybeRegistered) await this.storage.delete(objectKey).catch(() => undefined);
  }
}

/** A visitor's viewer key: their address and browser, hashed so neither is kept in the clear. */
function visitorKey(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  const browser = req.headers['user-agent'] ?? '';
  return `a:${createHash('sha256').update(`${address}\n${browser}`).digest('hex').slice(0, 40)}`;
}
