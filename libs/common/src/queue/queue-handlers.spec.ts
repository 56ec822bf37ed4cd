import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENT_QUEUES, MEDIA_QUEUES } from '@app/contracts';
import { QueueHandlers } from './queue-handlers.js';

const handler = () => Promise.resolve();
const other = () => Promise.resolve('other');

describe('the queues a process consumes', () => {
  it('resolve to the one handler registered for each', () => {
    const handlers = new QueueHandlers('media-worker', [MEDIA_QUEUES.probe, MEDIA_QUEUES.cleanup]);
    handlers.register(MEDIA_QUEUES.probe, handler);
    handlers.register(MEDIA_QUEUES.cleanup, other);
    expect(handlers.resolve()).toEqual(
      new Map<string, unknown>([
        [MEDIA_QUEUES.probe, handler],
        [MEDIA_QUEUES.cleanup, other],
      ]),
    );
  });

  it('refuse to boot when a declared queue has no handler', () => {
    const handlers = new QueueHandlers('media-worker', [MEDIA_QUEUES.probe, MEDIA_QUEUES.transcode]);
    handlers.register(MEDIA_QUEUES.probe, handler);
    expect(() => handlers.resolve()).toThrow('media-worker refuses to start: queue media-transcode has no handler');
  });

  it('refuse to boot when a declared queue has two handlers', () => {
    const handlers = new QueueHandlers('video', [DOMAIN_EVENT_QUEUES.videoFeedbackStats]);
    handlers.register(DOMAIN_EVENT_QUEUES.videoFeedbackStats, handler);
    handlers.register(DOMAIN_EVENT_QUEUES.videoFeedbackStats, other);
    expect(() => handlers.resolve()).toThrow(
      'video refuses to start: queue events-video-feedback-stats has 2 handlers',
    );
  });

  it('refuse to boot when a handler consumes a queue the process does not declare, naming every problem', () => {
    const handlers = new QueueHandlers('video', [MEDIA_QUEUES.results]);
    handlers.register(MEDIA_QUEUES.cleanup, handler);
    expect(() => handlers.resolve()).toThrow(
      'video refuses to start: queue media-results has no handler; ' +
        'queue media-cleanup has a handler but is not declared as consumed',
    );
  });

  it('let a process that consumes nothing start with no handler', () => {
    expect(new QueueHandlers('video', []).resolve()).toEqual(new Map());
  });
});
