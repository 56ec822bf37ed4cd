import type { FeedbackDto, NotificationDto, UserDto, UserFeedbackStatsDto, VideoDto } from '@app/contracts';
import type { Category } from '@/features/categories/api/get-categories';

// Answers in the API's shapes (libs/contracts), with overrides per test.

export const MEMBER_ID = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
export const OTHER_MEMBER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export const aUser = (overrides: Partial<UserDto> = {}): UserDto => ({
  id: MEMBER_ID,
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Lind',
  profileImageUrl: null,
  isAdmin: false,
  description: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  points: 0,
  badges: [],
  ...overrides,
});

export const aCategory = (overrides: Partial<Category> = {}): Category => ({
  id: 1,
  name: 'Golf',
  icon: '⛳',
  ...overrides,
});

export const aVideo = (overrides: Partial<VideoDto> = {}): VideoDto => ({
  id: 7,
  title: 'Driving range swing',
  description: 'Second week with the new grip.',
  categoryId: 1,
  categoryName: 'Golf',
  categoryIcon: '⛳',
  uploaderId: OTHER_MEMBER_ID,
  uploaderName: 'Tom Berg',
  uploaderFirstName: 'Tom',
  uploaderLastName: 'Berg',
  uploaderImage: null,
  views: 12,
  createdAt: '2026-01-05T10:00:00.000Z',
  feedbackCount: 0,
  averageRating: 0,
  youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  videoUrl: null,
  thumbnailData: null,
  thumbnailUrl: null,
  hasFileError: false,
  processingState: 'ready',
  duration: 42,
  frameRate: null,
  frameCount: null,
  ...overrides,
});

export const feedbackStats = (overrides: Partial<UserFeedbackStatsDto> = {}): UserFeedbackStatsDto => ({
  averageRating: 0,
  totalFeedback: 0,
  totalRatings: 0,
  helpfulVotes: 0,
  ...overrides,
});

export const aFeedback = (overrides: Partial<FeedbackDto> = {}): FeedbackDto => ({
  id: 31,
  videoId: 7,
  content: 'Keep your head still through impact.',
  authorId: MEMBER_ID,
  authorName: 'Maya Lind',
  authorFirstName: 'Maya',
  authorLastName: 'Lind',
  authorImage: null,
  averageRating: 0,
  totalRatings: 0,
  helpfulVotes: 0,
  createdAt: '2026-01-06T10:00:00.000Z',
  viewerVoted: false,
  viewerRating: null,
  timecode: null,
  drawing: null,
  appliedAt: null,
  replies: [],
  replyCount: 0,
  ...overrides,
});

export const aNotification = (overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id: 41,
  type: 'feedback_received',
  text: 'Tom Berg gave feedback on your video "Driving range swing"',
  link: '/video/7?feedback=31',
  actorId: OTHER_MEMBER_ID,
  count: 1,
  videoId: 7,
  feedbackId: 31,
  read: false,
  createdAt: '2026-01-06T10:00:00.000Z',
  updatedAt: '2026-01-06T10:00:00.000Z',
  ...overrides,
});
