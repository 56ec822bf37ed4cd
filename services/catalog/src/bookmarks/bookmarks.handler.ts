import { Controller } from '@nestjs/common';
import { CATALOG_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { BookmarksService } from './bookmarks.service.js';

@Controller()
export class BookmarksHandler {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Rpc(CATALOG_RPC.listBookmarks)
  list({ userId, limit, cursor }: RpcPayload<typeof CATALOG_RPC.listBookmarks>) {
    return this.bookmarks.list(userId, { limit, cursor });
  }

  @Rpc(CATALOG_RPC.checkBookmark)
  check({ userId, videoId }: RpcPayload<typeof CATALOG_RPC.checkBookmark>) {
    return this.bookmarks.check(userId, videoId);
  }

  @Rpc(CATALOG_RPC.addBookmark)
  add({ userId, videoId }: RpcPayload<typeof CATALOG_RPC.addBookmark>) {
    return this.bookmarks.add(userId, videoId);
  }

  @Rpc(CATALOG_RPC.removeBookmark)
  remove({ userId, videoId }: RpcPayload<typeof CATALOG_RPC.removeBookmark>) {
    return this.bookmarks.remove(userId, videoId);
  }

  @Rpc(CATALOG_RPC.deleteBookmarksOfUser)
  removeAllOf({ userId }: RpcPayload<typeof CATALOG_RPC.deleteBookmarksOfUser>) {
    return this.bookmarks.removeAllOf(userId);
  }
}
