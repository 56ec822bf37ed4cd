import { lazy, Suspense, type ReactNode } from 'react';
import '@/components/ui/primitives.css';

export type DialogProps = {
  open: boolean;
  /** Called when the person asks to close (Escape, backdrop, the close button). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** When true, Escape, the backdrop and the close button do nothing (e.g. while uploading). */
  preventClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the title visually while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  className?: string;
  testId?: string;
};

// Radix's dialog (focus scope, dismissable layer, aria-hidden) is not on Home's first visit's budget.
const DialogPanel = lazy(async () => ({ default: (await import('@/components/ui/dialog-panel')).DialogPanel }));

/**
 * A modal dialog on Radix: role="dialog", aria-modal, named by its title and described by its
 * description; focus is trapped inside, the rest of the page is hidden from assistive
 * technology, and focus goes back to whatever opened it afterwards.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}
