import type { ReactNode } from 'react';

/**
 * The trigger is named by its label as text, not aria-label: what it shows (an avatar's initials)
 * is decoration, and a visible text missing from an aria-label fails WCAG 2.5.3 (label in name).
 */
export function TriggerContent({ label, trigger }: { label: string; trigger: ReactNode }) {
  return (
    <>
      <span className="visually-hidden">{label}</span>
      <span className="dropdown__trigger-visual" aria-hidden="true">
        {trigger}
      </span>
    </>
  );
}
