import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { z } from 'zod';
import { CATALOG_RPC, VIDEO_MESSAGES, defineRpc, type RpcPayload } from '@app/contracts';
import { ValidationError } from '../errors/domain-errors.js';
import { toRpcErrorPayload } from '../errors/rpc-exception.filter.js';
import { Rpc } from './rpc.decorator.js';

const MEMBER = '6f1c4a52-61b7-4e33-9a53-0d5c1f0e2b11';

const renameContract = defineRpc('catalog.things.rename.v1', {
  request: z.object({ id: z.coerce.number().int().positive(), name: z.string().trim().min(1, 'Name is required') }),
  response: z.custom<{ renamed: string }>(),
});

class ThingsHandler {
  readonly received: unknown[] = [];
  constructor(private readonly prefix: string) {}

  @Rpc(renameContract)
  rename(payload: RpcPayload<typeof renameContract>) {
    this.received.push(payload);
    return Promise.resolve({ renamed: `${this.prefix}${payload.name}` });
  }

  @Rpc(CATALOG_RPC.addBookmark)
  addBookmark(payload: RpcPayload<typeof CATALOG_RPC.addBookmark>) {
    this.received.push(payload);
    return { videoId: payload.videoId, isBookmarked: true };
  }
}

/** What the caller of a handler that throws receives (the services' exception filter). */
function replyOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return toRpcErrorPayload(error);
  }
  return 'answered';
}

describe('@Rpc', () => {
  it("registers the method as the handler of the contract's pattern", () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, ThingsHandler.prototype.rename)).toEqual([renameContract.pattern]);
    expect(Reflect.getMetadata(PATTERN_METADATA, ThingsHandler.prototype.addBookmark)).toEqual([
      'catalog.bookmarks.add.v1',
    ]);
  });

  it('hands the method the payload as the request schema normalises it, on its own instance', async () => {
    const handler = new ThingsHandler('new ');
    await expect(handler.rename({ id: '7', name: '  Lamp ', extra: 'dropped' } as never)).resolves.toEqual({
      renamed: 'new Lamp',
    });
    expect(handler.received).toEqual([{ id: 7, name: 'Lamp' }]);
  });

  it("refuses a payload that breaks the schema with VALIDATION and the first broken rule's message, before the method runs", () => {
    const handler = new ThingsHandler('');
    expect(replyOf(() => handler.rename({ id: 3, name: '   ' } as never))).toEqual({
      code: 'VALIDATION',
      message: 'Name is required',
    });
    expect(replyOf(() => handler.addBookmark({ userId: MEMBER, videoId: 'abc' } as never))).toEqual({
      code: 'VALIDATION',
      message: VIDEO_MESSAGES.idInvalid,
    });
    expect(() => handler.addBookmark(undefined as never)).toThrow(ValidationError);
    expect(handler.received).toEqual([]);
  });
});

// The compiler holds a handler to its contract (checked by `npm run typecheck`).
export class MistypedHandler {
  // @ts-expect-error: the contract answers { renamed: string }
  @Rpc(renameContract)
  answersTheWrongShape() {
    return { renamed: 42 };
  }

  // @ts-expect-error: the contract's request has no `title`
  @Rpc(renameContract)
  expectsAnotherRequest(payload: { title: string }) {
    return { renamed: payload.title };
  }
}
