import { useState } from 'react';
import { Link } from 'react-router';
import { UploadVideoButton } from '@/app/layout/upload-video-button';
import { HERO_IMAGES } from '@/assets/hero/hero-images';
import { HeroSlideshow } from '@/components/hero-slideshow';
import { DocumentTitle } from '@/components/ui/document-title';
import { VideoOffIcon } from '@/components/ui/icons';
import { CATEGORIES_SECTION_ID, CATEGORY_REQUEST_MAILTO } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import type { Category } from '@/features/categories/api/get-categories';
import { CategoryGrid } from '@/features/categories/components/category-grid';
import { useCurrentUser } from '@/lib/auth';

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

export function HomeRoute() {
  const [selectedCategory, setSelectedCategory] = useState<Category | null>(null);
  const videosHeading = selectedCategory ? `${selectedCategory.name} Videos` : 'Featured Videos';

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

      <section className="section section--muted" aria-labelledby="videos-heading">
        <div className="container">
          <h2 id="videos-heading" className="section__title">
            {videosHeading}
          </h2>
          <div className="empty-state">
            <VideoOffIcon className="empty-state__icon" size={40} />
            <p className="empty-state__text">No videos found. Be the first to upload!</p>
          </div>
        </div>
      </section>
    </>
  );
}
