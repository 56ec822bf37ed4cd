import { Controller } from '@nestjs/common';
import { AUTH_RPC, PROFILE_IMAGE_PREFIX, profileImageKeyFromUrl, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { UsersRepository } from './users.repository.js';

/**
 * Asked by the media worker's cleanup before it deletes profile pictures: which of these keys
 * is still a member's current picture. A member an admin is deleting counts as gone (as
 * everywhere in this service), so their folder can be emptied while the deletion runs.
 */
@Controller()
export class ProfileImageReferencesHandler {
  constructor(private readonly users: UsersRepository) {}

  @Rpc(AUTH_RPC.referencedProfileImages)
  async referencedKeys({ keys }: RpcPayload<typeof AUTH_RPC.referencedProfileImages>) {
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
