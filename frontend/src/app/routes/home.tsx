import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { VideoOffIcon } from '@/components/ui/icons';
import { CATEGORIES_SECTION_ID } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Category } from '@/features/categories/api/get-categories';
import { CategoryGrid } from '@/features/categories/components/category-grid';

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
            <div className="hero__actions">
              <Link to={paths.register} className="btn btn--primary btn--lg">
                Get Started
              </Link>
            </div>
          </div>

          <div className="hero__pitches">
            <article className="pitch">
              <span className="pitch__icon" aria-hidden="true">
                🎯
              </span>
              <h2 className="pitch__title">For learners</h2>
              <p className="pitch__text">
                Share a clip, pick a category and collect specific, written pointers on what to work on next. Save the
                videos you learn from and come back to them any time.
              </p>
            </article>
            <article className="pitch">
              <span className="pitch__icon" aria-hidden="true">
                🧭
              </span>
              <h2 className="pitch__title">For coaches and experts</h2>
              <p className="pitch__text">
                Pass on what you know to people who are keen to hear it. Feedback that members rate highly earns you
                points, badges and a reputation for advice that works.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section id={CATEGORIES_SECTION_ID} className="section section--anchor" aria-labelledby="categories-heading">
        <div className="container">
          <h2 id="categories-heading" className="section__title">
            Browse by Category
          </h2>
          <CategoryGrid selectedCategoryId={selectedCategory?.id ?? null} onSelect={setSelectedCategory} />
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
