import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';

type ScreenPageProps = {
  title: string;
  description: string;
};

/** Minimal frame shared by screens whose content is composed from features as they arrive. */
export function ScreenPage({ title, description }: ScreenPageProps) {
  return (
    <section className="screen-page" aria-labelledby="screen-title">
      <DocumentTitle title={title} />
      <div className="container">
        <h1 id="screen-title" className="page-title">
          {title}
        </h1>
        <p className="page-lead">{description}</p>
        <Link to={paths.home} className="btn btn--secondary">
          Back to browsing
        </Link>
      </div>
    </section>
  );
}
