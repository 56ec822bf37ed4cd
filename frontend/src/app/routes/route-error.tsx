import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertCircleIcon } from '@/components/ui/icons';

/** Error boundary for a route section: the header and footer stay usable around it. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <div className="status-page">
      <div className="card status-card" role="alert">
        <div className="status-card__header">
          <AlertCircleIcon className="status-card__icon" size={32} />
          <h1 className="status-card__title">Something went wrong</h1>
        </div>
        <p className="status-card__text">This part of the page could not be displayed. Reloading usually helps.</p>
        {detail && <p className="status-card__detail">{detail}</p>}
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </div>
  );
}
