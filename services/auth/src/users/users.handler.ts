import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH_PATTERNS,
  TOGGLE_ADMIN_PATTERN,
  USER_CLEANUP_PATTERNS,
  USER_DELETION_REQUESTED_PATTERN,
  adminOfRecordRequestSchema,
  changePasswordRequestSchema,
  toggleAdminMessageSchema,
  userCleanupMessageSchema,
  type AdminOfRecordAnswer,
  type UserCleanupResult,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  type GetUserRequest,
  type ProfileImageChange,
  type SetProfileImageRequest,
  type UpdateProfileMessage,
  type UserDto,
} from '@app/contracts';
import { parsePayload as parse, ValidationError } from '@app/common';
import { UsersService } from './users.service.js';

function requireId(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ValidationError('A user id is required');
  return value;
}

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(AUTH_PATTERNS.register)
  register(@Payload() payload: unknown): Promise<UserDto> {
    return this.users.register(parse(registerRequestSchema, payload));
  }

  @MessagePattern(AUTH_PATTERNS.verifyCredentials)
  verifyCredentials(@Payload() payload: unknown): Promise<UserDto> {
    return this.users.verifyCredentials(parse(loginRequestSchema, payload));
  }

  @MessagePattern(AUTH_PATTERNS.getUser)
  getUser(@Payload() payload: GetUserRequest): Promise<UserDto> {
    return this.users.getUser(requireId(payload?.userId), payload?.viewerId ? requireId(payload.viewerId) : null);
  }

  @MessagePattern(AUTH_PATTERNS.updateProfile)
  updateProfile(@Payload() payload: UpdateProfileMessage): Promise<UserDto> {
    return this.users.updateProfile(requireId(payload?.userId), parse(updateProfileRequestSchema, payload?.profile));
  }

  @MessagePattern(AUTH_PATTERNS.setProfileImage)
  setProfileImage(@Payload() payload: SetProfileImageRequest): Promise<ProfileImageChange> {
    if (typeof payload?.imageKey !== 'string') throw new ValidationError('An image key is required');
    return this.users.setProfileImage(requireId(payload.userId), payload.imageKey);
  }

  @MessagePattern(AUTH_PATTERNS.removeProfileImage)
  removeProfileImage(@Payload() payload: { userId: string }): Promise<ProfileImageChange> {
    return this.users.removeProfileImage(requireId(payload?.userId));
  }

  @MessagePattern(AUTH_PATTERNS.changePassword)
  changePassword(@Payload() payload: { userId?: unknown } | undefined): Promise<{ userId: string }> {
    const request = parse(changePasswordRequestSchema, payload);
    return this.users.changePassword({ ...request, userId: requireId(payload?.userId) });
  }

  @MessagePattern(AUTH_PATTERNS.isAdmin)
  isAdmin(@Payload() payload: unknown): Promise<AdminOfRecordAnswer> {
    return this.users.adminOfRecord(parse(adminOfRecordRequestSchema, payload).userId);
  }

  @MessagePattern(TOGGLE_ADMIN_PATTERN)
  toggleAdmin(@Payload() payload: unknown): Promise<UserDto> {
    const { actorId, userId } = parse(toggleAdminMessageSchema, payload);
    return this.users.toggleAdmin(actorId, userId);
  }

  @MessagePattern(USER_DELETION_REQUESTED_PATTERN)
  deletionRequested(@Payload() payload: unknown): Promise<UserCleanupResult> {
    return this.users.markDeletionRequested(parse(userCleanupMessageSchema, payload).userId);
  }

  @MessagePattern(USER_CLEANUP_PATTERNS.account)
  deleteAccount(@Payload() payload: unknown): Promise<UserCleanupResult> {
    return this.users.deleteAccount(parse(userCleanupMessageSchema, payload).userId);
  }
}
