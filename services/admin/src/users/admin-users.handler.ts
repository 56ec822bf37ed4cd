import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS, adminActorMessageSchema, adminUserMessageSchema, type UserDto } from '@app/contracts';
import { parsePayload } from '@app/common';
import { AdminUsersService } from './admin-users.service.js';

@Controller()
export class AdminUsersHandler {
  constructor(private readonly users: AdminUsersService) {}

  @MessagePattern(ADMIN_PATTERNS.listUsers)
  list(@Payload() payload: unknown): Promise<UserDto[]> {
    return this.users.list(parsePayload(adminActorMessageSchema, payload).actor);
  }

  @MessagePattern(ADMIN_PATTERNS.deleteUser)
  delete(@Payload() payload: unknown): Promise<{ userId: string }> {
    const { actor, userId } = parsePayload(adminUserMessageSchema, payload);
    return this.users.delete(actor, userId);
  }

  @MessagePattern(ADMIN_PATTERNS.toggleAdmin)
  toggleAdmin(@Payload() payload: unknown): Promise<UserDto> {
    const { actor, userId } = parsePayload(adminUserMessageSchema, payload);
    return this.users.toggleAdmin(actor, userId);
  }
}
