import { AlertCircleIcon } from '@/components/ui/icons';
import { DocumentTitle } from '@/components/ui/document-title';

export function NotFoundRoute() {
  return (
    <div className="status-page">
      <DocumentTitle title="Page not found" />
      <div className="card status-card">
        <div className="status-card__header">
          <AlertCircleIcon className="status-card__icon" size={32} />
          <h1 className="status-card__title">404 Page Not Found</h1>
        </div>
        <p className="status-card__text">Did you forget to add the page to the router?</p>
      </div>
    </div>
  );
}
