import { DOMAIN_EVENTS, type DeliveredDomainEvent, type PersonState, type VideoState } from '@app/contracts';

// Domain events as the relay delivers them, with the states they carry: factories with overrides.

export const videoState = (overrides: Partial<VideoState> = {}): VideoState => ({
  id: 1,
  revision: 1,
  title: 'Serve',
  description: null,
  categoryId: null,
  uploaderId: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
  youtubeUrl: null,
  videoUrl: null,
  thumbnailUrl: null,
  hasStoredVideo: false,
  hasStoredThumbnail: false,
  thumbnailData: null,
  duration: null,
  frameRate: null,
  frameCount: null,
  startTime: null,
  processingState: 'ready',
  hasFileError: false,
  views: 0,
  feedbackCount: 0,
  averageRating: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const personState = (overrides: Partial<PersonState> = {}): PersonState => ({
  id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
  revision: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  image: null,
  removed: false,
  ...overrides,
});

let outboxId = 0;
const delivered = (event: Omit<DeliveredDomainEvent, 'occurredAt' | 'outboxId'>): DeliveredDomainEvent => ({
  occurredAt: '2026-01-01T00:00:00.000Z',
  outboxId: `spec:${++outboxId}`,
  ...event,
});

export const videoEvent = (
  type:
    | typeof DOMAIN_EVENTS.videoChanged
    | typeof DOMAIN_EVENTS.videoViewed
    | typeof DOMAIN_EVENTS.videoPublished
    | typeof DOMAIN_EVENTS.videoDeleted,
  video: VideoState,
): DeliveredDomainEvent => delivered({ type, videoId: video.id, userIds: [video.uploaderId], video });

export const videoChanged = (overrides: Partial<VideoState> = {}) =>
  videoEvent(DOMAIN_EVENTS.videoChanged, videoState(overrides));
export const videoViewed = (overrides: Partial<VideoState> = {}) =>
  videoEvent(DOMAIN_EVENTS.videoViewed, videoState(overrides));
export const videoDeleted = (overrides: Partial<VideoState> = {}) =>
  videoEvent(DOMAIN_EVENTS.videoDeleted, videoState(overrides));
export const profileChanged = (overrides: Partial<PersonState> = {}) =>
  delivered({ type: DOMAIN_EVENTS.profileChanged, userIds: [], person: personState(overrides) });
