import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  AUTH_MESSAGES,
  PROFILE_IMAGE_PREFIX,
  profileImageKeyFromUrl,
  updateProfileRequestSchema,
  type UpdateProfileRequest,
  type UserDto,
} from '@app/contracts';
import type { ObjectStorage } from '@app/storage';
import { AuthClient } from '../clients/auth.client.js';
import { GATEWAY_STORAGE } from '../health/gateway-health.tokens.js';
import { storageCall } from '../http/storage-call.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { LimitWrites } from '../throttle/write-limit.guard.js';
import { detectImageType, IMAGE_MIME_BY_EXTENSION } from './image-type.js';
import { stripImageMetadata } from './image-metadata.js';
import { readProfileImage } from './profile-image.upload.js';

@Controller('api/users')
export class UsersController {
  private readonly logger = new Logger(UsersController.name);

  constructor(
    private readonly auth: AuthClient,
    @Inject(GATEWAY_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Put('profile')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  updateProfile(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(updateProfileRequestSchema)) body: UpdateProfileRequest,
  ): Promise<UserDto> {
    return this.auth.updateProfile(user.id, body);
  }

  /**
   * Multipart `profileImage`: checked by content, stripped of its metadata, stored under a new
   * name, the old picture removed.
   */
  @Post('profile/image')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SignedInGuard)
  @LimitWrites()
  async uploadProfileImage(
    @CurrentUser() user: UserDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto> {
    const image = await readProfileImage(req, res);
    const type = detectImageType(image);
    // Published to everyone: what the camera wrote beside the picture (GPS above all) never is.
    const picture = type ? stripImageMetadata(image, type) : null;
    if (!type || !picture) throw new BadRequestException({ message: AUTH_MESSAGES.imageInvalid });
    const key = `${PROFILE_IMAGE_PREFIX}/${user.id}/${randomUUID()}.${type.extension}`;
    await storageCall(() => this.storage.upload(key, picture, { contentType: type.mime }));
    try {
      const change = await this.auth.setProfileImage(user.id, key);
      this.removeQuietly(change.replacedImageKey);
      return change.user;
    } catch (error) {
      this.removeQuietly(key);
      throw error;
    }
  }

  @Delete('profile/image')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  async removeProfileImage(@CurrentUser() user: UserDto): Promise<UserDto> {
    const change = await this.auth.removeProfileImage(user.id);
    this.removeQuietly(change.replacedImageKey);
    return change.user;
  }

  /** Public, but kept a day at most and by browsers only, so a removed picture does not linger in shared caches. */
  @Get(':id/profile-image/:file')
  async profileImage(
    @Param('id') id: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = profileImageKeyFromUrl(`/api/users/${id}/profile-image/${file}`);
    if (!key) throw new NotFoundException({ message: 'Image not found' });
    const etag = `"${file}"`;
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const object = await storageCall(() => this.storage.download(key));
    if (!object) throw new NotFoundException({ message: 'Image not found' });
    const extension = file.split('.').pop() as keyof typeof IMAGE_MIME_BY_EXTENSION;
    res.setHeader('Content-Type', IMAGE_MIME_BY_EXTENSION[extension]);
    res.setHeader('Content-Length', String(object.contentLength));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(object.body, res);
  }

  /** `email` only for the user themself and admins (the auth service decides). */
  @Get(':id')
  getUser(@Param('id') id: string, @Req() req: Request): Promise<UserDto> {
    return this.auth.getUser(id, req.user?.id ?? null);
  }

  // The new state is already saved; an object left behind costs storage, not correctness.
  private removeQuietly(key: string | null): void {
    if (!key) return;
    this.storage.delete(key).catch((error: unknown) => {
      this.logger.warn({ msg: 'could not remove a replaced profile image', key, error: String(error) });
    });
  }
}
