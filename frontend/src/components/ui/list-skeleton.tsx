/** Placeholder rows while a list of people or videos loads (the Admin Panel's tabs). */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <ul className="admin-list" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="admin-row" aria-hidden="true">
          <span className="skeleton admin-row__skeleton-media" />
          <div className="admin-row__main">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}
