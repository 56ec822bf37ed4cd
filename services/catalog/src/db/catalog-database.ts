import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { BookmarkEntity } from './entities/bookmark.entity.js';
import { CategoryEntity } from './entities/category.entity.js';
import { PersonEntity } from './entities/person.entity.js';
import { VideoListingEntity } from './entities/video-listing.entity.js';
import { CatalogSchema1764000000000 } from './migrations/1764000000000-catalog-schema.js';
import { ListingProjection1764000000001 } from './migrations/1764000000001-listing-projection.js';
import { CategoryEventsBackfill1764000000002 } from './migrations/1764000000002-category-events-backfill.js';
import { ListingPlaybackFrames1764000000003 } from './migrations/1764000000003-listing-playback-frames.js';
import { ListingSearch1764000000160 } from './migrations/1764000000160-listing-search.js';
import { ListingHidden1764000000170 } from './migrations/1764000000170-listing-hidden.js';
import { ListingNameMatches1764000000180 } from './migrations/1764000000180-listing-name-matches.js';
import { ListingFeedbackStatsRevision1764000000190 } from './migrations/1764000000190-listing-feedback-stats-revision.js';
import { FUZZY_THRESHOLD } from '../videos/video-search.js';

/** catalog's schema: categories, bookmarks, its listing projection (video_listings, people) and its outbox. */
export const CATALOG_DATABASE: ServiceDatabase = {
  schema: 'catalog',
  entities: [CategoryEntity, BookmarkEntity, VideoListingEntity, PersonEntity, OutboxEventEntity],
  migrations: [
    CatalogSchema1764000000000,
    ListingProjection1764000000001,
    CategoryEventsBackfill1764000000002,
    ListingPlaybackFrames1764000000003,
    ListingSearch1764000000160,
    ListingHidden1764000000170,
    ListingNameMatches1764000000180,
    ListingFeedbackStatsRevision1764000000190,
  ],
  // The threshold of pg_trgm's `<%` (its indexes find exactly what word_similarity ≥ FUZZY_THRESHOLD
  // admits), set as each connection starts: a search is one statement, without a transaction to set it.
  sessionSettings: { 'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD) },
};
