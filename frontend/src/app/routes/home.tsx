import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UploadVideoButton } from '@/app/layout/upload-video-button';
import { HERO_IMAGES } from '@/assets/hero/hero-images';
import { HeroSlideshow } from '@/components/hero-slideshow';
import { DocumentTitle } from '@/components/ui/document-title';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { SortSelect } from '@/components/ui/sort-select';
import { SearchIcon, VideoOffIcon } from '@/components/ui/icons';
import { CATEGORIES_SECTION_ID, CATEGORY_REQUEST_MAILTO, HOME_VIDEOS_LIMIT } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import type { Category } from '@/features/categories/api/get-categories';
import { CategoryGrid } from '@/features/categories/components/category-grid';
import { useInfiniteVideos, type VideoListSort } from '@/features/videos/api/get-videos';
import { VideoGrid, VideoGridSkeleton } from '@/features/videos/components/video-card';
import { useCurrentUser } from '@/lib/auth';
import './home.css';

function HeroActions() {
  const { isAuthenticated, isLoading } = useCurrentUser();
  const authDialog = useAuthDialog();

  return (
    <div className="hero__actions">
      {isLoading ? null : isAuthenticated ? (
        <UploadVideoButton size="lg" />
      ) : (
        <button type="button" className="btn btn--primary btn--lg" onClick={() => authDialog.open('register')}>
          Get Started
        </button>
      )}
      <Link to={{ pathname: paths.home, hash: CATEGORIES_SECTION_ID }} className="btn btn--outline-light btn--lg">
        Explore categories
      </Link>
    </div>
  );
}

const HOME_SORTS: { value: VideoListSort; label: string }[] = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'views', label: 'Most Viewed' },
  { value: 'rating', label: 'Highest Rated' },
];

/**
 * The search, answered by the server (titles, descriptions, uploaders and categories, a typo in a
 * longer word forgiven): applied on Enter or the button, kept in the address (?q=) like the header's.
 */
function VideoSearch({ applied, onApply }: { applied: string; onApply: (query: string) => void }) {
  const [draft, setDraft] = useState(applied);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft.trim());
  };
  return (
    <form role="search" className="video-search" onSubmit={onSubmit} aria-label="Filter videos">
      <label htmlFor="home-video-search" className="visually-hidden">
        Search by title
      </label>
      <input
        id="home-video-search"
        type="search"
        className="field__control video-search__input"
        placeholder="Search by title..."
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={200}
        data-testid="home-search-input"
      />
      <button type="submit" className="btn btn--primary">
        <SearchIcon size={18} />
        Search
      </button>
    </form>
  );
}

function FeaturedVideos({ category }: { category: Category | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The header's search arrives as ?q=; the search here writes it back. State, not the address, is
  // what the list reads, so quick successive changes never act on an address not yet updated.
  const addressQuery = searchParams.get('q')?.trim() ?? '';
  const [query, setQuery] = useState(addressQuery);
  const [seenAddressQuery, setSeenAddressQuery] = useState(addressQuery);
  if (addressQuery !== seenAddressQuery) {
    setSeenAddressQuery(addressQuery);
    setQuery(addressQuery);
  }
  const [sort, setSort] = useState<VideoListSort>('recent');
  // A search in the default order is served best match first (no sort sent); a sort chosen orders its matches.
  const videos = useInfiniteVideos({
    limit: HOME_VIDEOS_LIMIT,
    categoryId: category?.id,
    sort: query && sort === 'recent' ? undefined : sort,
    q: query,
  });
  const shown = videos.videos;
  const heading = category ? `${category.name} Videos` : 'Featured Videos';

  const applyQuery = (next: string) => {
    setQuery(next);
    setSearchParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="section section--muted" aria-labelledby="videos-heading">
      <div className="container">
        <div className="videos-toolbar">
          <h2 id="videos-heading" className="section__title videos-toolbar__title">
            {heading}
          </h2>
          <div className="videos-toolbar__controls">
            <VideoSearch key={query} applied={query} onApply={applyQuery} />
            <SortSelect id="home-video-sort" value={sort} options={HOME_SORTS} onChange={setSort} />
          </div>
        </div>
        {query && (
          <p className="videos-toolbar__status" role="status">
            Showing videos matching “{query}”.{' '}
            <button type="button" className="link-button" onClick={() => applyQuery('')}>
              Clear search
            </button>
          </p>
        )}

        {videos.isPending ? (
          <VideoGridSkeleton count={8} />
        ) : videos.isError ? (
          <p className="inline-error" role="alert">
            {videos.error.message}
          </p>
        ) : shown.length === 0 ? (
          <div className="empty-state">
            <VideoOffIcon className="empty-state__icon" size={40} />
            <p className="empty-state__text">No videos found. Be the first to upload!</p>
          </div>
        ) : (
          <>
            <VideoGrid videos={shown} />
            <LoadMoreButton
              hasNextPage={videos.hasNextPage}
              isFetchingNextPage={videos.isFetchingNextPage}
              onLoadMore={() => void videos.fetchNextPage()}
            />
          </>
        )}
      </div>
    </section>
  );
}

export function HomeRoute() {
  const [selectedCategory, setSelectedCategory] = useState<Category | null>(null);

  return (
    <>
      <DocumentTitle />
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Community video feedback</p>
            <h1 id="hero-heading" className="hero__title">
              Show your skill. Get feedback that helps you improve.
            </h1>
            <p className="hero__lead">
              Upload a short video of your swing, routine, riff or stroke and hear from people who practise the same
              craft. The community rates every piece of feedback, so the most useful advice rises to the top.
            </p>
            <HeroActions />
          </div>
          <div className="hero__media">
            <HeroSlideshow images={HERO_IMAGES} label="People practising their skills" />
          </div>
        </div>
      </section>

      <section className="pitches" aria-label="Who it is for">
        <div className="container pitches__inner">
          <article className="pitch">
            <span className="pitch__icon" aria-hidden="true">
              🎯
            </span>
            <div>
              <h2 className="pitch__title">For learners</h2>
              <p className="pitch__text">
                Share a clip, pick a category and collect specific, written pointers on what to work on next. Save the
                videos you learn from and come back to them any time.
              </p>
            </div>
          </article>
          <article className="pitch">
            <span className="pitch__icon" aria-hidden="true">
              🧭
            </span>
            <div>
              <h2 className="pitch__title">For coaches and experts</h2>
              <p className="pitch__text">
                Pass on what you know to people who are keen to hear it. Feedback that members rate highly earns you
                points, badges and a reputation for advice that works.
              </p>
            </div>
          </article>
        </div>
      </section>

      <section id={CATEGORIES_SECTION_ID} className="section section--anchor" aria-labelledby="categories-heading">
        <div className="container">
          <h2 id="categories-heading" className="section__title">
            Browse by Category
          </h2>
          <CategoryGrid selectedCategoryId={selectedCategory?.id ?? null} onSelect={setSelectedCategory} />
          <p className="section__note">
            Don&apos;t see your skill? <a href={CATEGORY_REQUEST_MAILTO}>Ask us to add it</a>
          </p>
        </div>
      </section>

      <FeaturedVideos category={selectedCategory} />
    </>
  );
}
