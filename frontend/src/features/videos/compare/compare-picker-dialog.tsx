import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { SearchIcon } from '@/components/ui/icons';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { USER_VIDEOS_LIMIT } from '@/config/constants';
import { paths } from '@/config/paths';
import { useVideos, type Video } from '@/features/videos/api/get-videos';
import { compareEligibility } from '@/features/videos/compare/compare-eligibility';
import { VideoThumbnail } from '@/features/videos/components/video-thumbnail';
import { uploaderName } from '@/features/videos/utils/video-byline';
import { filterByTitle } from '@/features/videos/utils/video-list';
import '@/components/ui/tabs.css';
import './compare.css';

/** How many of the site's videos a title search shows. */
const SEARCH_LIMIT = 24;
/** Typing settles this long before the site is searched. */
const SEARCH_DEBOUNCE_MS = 250;

/** A member's saved videos, loaded by the page that opens the picker. */
export type SavedVideosList = { videos: Video[] | undefined; isPending: boolean; isError: boolean };

type ComparePickerDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The video on the page: side A. */
  video: Video;
  /** The signed-in member; null for a visitor (who can still search the site). */
  userId: string | null;
  saved: SavedVideosList | null;
};

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function CandidateList({
  current,
  videos,
  isPending,
  isError,
  empty,
  testId,
}: {
  current: Video;
  videos: Video[] | undefined;
  isPending: boolean;
  isError: boolean;
  empty: string;
  testId: string;
}) {
  if (isPending) {
    return (
      <p className="compare-picker__note" role="status">
        Loading videos…
      </p>
    );
  }
  if (isError) {
    return (
      <p className="inline-error" role="alert">
        Unable to load videos. Please try again.
      </p>
    );
  }
  const candidates = (videos ?? []).filter((video) => video.id !== current.id);
  if (candidates.length === 0) return <p className="compare-picker__note">{empty}</p>;
  return (
    <ul className="compare-picker__list" data-testid={testId}>
      {candidates.map((video) => {
        const eligibility = compareEligibility(video);
        const body = (
          <>
            <VideoThumbnail video={video} className="compare-picker__thumb" />
            <span className="compare-picker__text">
              <span className="compare-picker__title">{video.title}</span>
              <span className="compare-picker__meta">{eligibility.ok ? uploaderName(video) : eligibility.reason}</span>
            </span>
          </>
        );
        return (
          <li key={video.id}>
            {eligibility.ok ? (
              <Link
                className="compare-picker__item"
                to={paths.compareVideos(current.id, video.id)}
                aria-label={`Compare with ${video.title}`}
                data-testid="compare-candidate"
              >
                {body}
              </Link>
            ) : (
              <div
                className="compare-picker__item compare-picker__item--disabled"
                aria-disabled="true"
                data-testid="compare-candidate-disabled"
              >
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Compare with…": picks the second video from the member's own uploads, their saved videos or
 * any video on the site (searched by title). Only uploaded files can be synced frame by frame;
 * the others are listed, disabled, with the reason.
 */
export function ComparePickerDialog({ open, onClose, video, userId, saved }: ComparePickerDialogProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const mine = useVideos(
    { uploaderId: userId ?? undefined, limit: USER_VIDEOS_LIMIT },
    { enabled: open && userId !== null },
  );
  const site = useVideos({ q: query, limit: SEARCH_LIMIT }, { enabled: open });
  const mineShown = useMemo(() => filterByTitle(mine.data ?? [], search), [mine.data, search]);
  const savedShown = useMemo(() => filterByTitle(saved?.videos ?? [], search), [saved?.videos, search]);

  const all: TabItem = {
    id: 'all',
    label: 'All videos',
    testId: 'compare-tab-all',
    content: (
      <CandidateList
        current={video}
        videos={site.data}
        isPending={site.isPending}
        isError={site.isError}
        empty={query ? 'No videos match that title.' : 'No other videos yet.'}
        testId="compare-list-all"
      />
    ),
  };
  const tabs: TabItem[] =
    userId === null
      ? [all]
      : [
          {
            id: 'mine',
            label: 'My videos',
            testId: 'compare-tab-mine',
            content: (
              <CandidateList
                current={video}
                videos={mineShown}
                isPending={mine.isPending}
                isError={mine.isError}
                empty={search ? 'None of your videos match that title.' : 'You have no other videos yet.'}
                testId="compare-list-mine"
              />
            ),
          },
          {
            id: 'saved',
            label: 'Saved',
            testId: 'compare-tab-saved',
            content: (
              <CandidateList
                current={video}
                videos={savedShown}
                isPending={saved?.isPending ?? false}
                isError={saved?.isError ?? false}
                empty={search ? 'None of your saved videos match that title.' : 'You have not saved any videos yet.'}
                testId="compare-list-saved"
              />
            ),
          },
          all,
        ];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Compare with…"
      description={`Pick a video to play in sync beside “${video.title}”.`}
      size="lg"
      testId="compare-picker"
    >
      <div className="filter-field filter-field--search compare-picker__search">
        <label htmlFor={searchId} className="filter-field__label">
          Search by title
        </label>
        <div className="filter-field__input-wrap">
          <SearchIcon size={18} className="filter-field__icon" />
          <input
            id={searchId}
            type="search"
            className="field__control filter-field__input"
            placeholder="Search videos..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={200}
            data-autofocus
          />
        </div>
      </div>
      <Tabs label="Where to pick from" tabs={tabs} className="compare-picker__tabs" />
    </Dialog>
  );
}
