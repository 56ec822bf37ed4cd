import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  MAX_REFERENCE_QUERY_KEYS,
  MEDIA_REFERENCE_PATTERNS,
  PROFILE_IMAGE_PREFIX,
  profileImageKeyFromUrl,
  type ReferencedKeysResponse,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { UsersRepository } from './users.repository.js';

const referencedKeysSchema = z.object({
  keys: z.array(z.string().min(1).max(1024)).max(MAX_REFERENCE_QUERY_KEYS),
});

/**
 * Asked by the media worker's cleanup before it deletes profile pictures: which of these keys
 * is still a member's current picture. A member an admin is deleting counts as gone (as
 * everywhere in this service), so their folder can be emptied while the deletion runs.
 */
@Controller()
export class ProfileImageReferencesHandler {
  constructor(private readonly users: UsersRepository) {}

  @MessagePattern(MEDIA_REFERENCE_PATTERNS.profileImageKeys)
  async referencedKeys(@Payload() payload: unknown): Promise<ReferencedKeysResponse> {
    const { keys } = parsePayload(referencedKeysSchema, payload);
    const asked = new Set(keys);
    // A key names its member: profile-images/<user id>/<file>.
    const userIds = new Set(
      keys.filter((key) => key.startsWith(`${PROFILE_IMAGE_PREFIX}/`)).map((key) => key.split('/')[1] ?? ''),
    );
    const referenced: string[] = [];
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      const current = profileImageKeyFromUrl(user?.profileImageUrl ?? null);
      if (current && asked.has(current)) referenced.push(current);
    }
    return { referenced };
  }
}
