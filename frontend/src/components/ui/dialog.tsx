import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/ui/icons';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

// Dialogs can stack (a confirm over a form); only the top one reacts to Escape and traps focus.
const openStack: string[] = [];

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

/**
 * A modal dialog: role="dialog", aria-modal, named by its title, focus kept inside while open and
 * returned to whatever opened it afterwards.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  preventClose = false,
  size = 'md',
  hideTitle = false,
  className,
  testId,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const stackId = useId();
  const pointerDownOnBackdrop = useRef(false);

  // Remember the opener before anything inside takes focus, and give it back on close.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(stackId);
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;

    const container = panel.current;
    if (container) {
      const preferred = container.querySelector<HTMLElement>('[data-autofocus]');
      const target = preferred ?? focusableIn(container)[0] ?? container;
      target.focus();
    }

    return () => {
      const index = openStack.lastIndexOf(stackId);
      if (index !== -1) openStack.splice(index, 1);
      if (openStack.length === 0) {
        document.body.style.overflow = overflow;
        document.body.style.paddingRight = paddingRight;
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [stackId]);

  // Focus that escapes (a click on the page behind, a programmatic focus) is pulled back.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const container = panel.current;
      if (!container || openStack[openStack.length - 1] !== stackId) return;
      const target = event.target as Node | null;
      if (target && !container.contains(target) && !(target instanceof Element && target.closest('.toaster'))) {
        (focusableIn(container)[0] ?? container).focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [stackId]);

  const requestClose = () => {
    if (!preventClose) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (openStack[openStack.length - 1] !== stackId) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = focusableIn(panel.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="dialog-backdrop"
      onPointerDown={(event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press that both started and ended on the backdrop closes (not a text selection drag).
        if (event.target === event.currentTarget && pointerDownOnBackdrop.current) requestClose();
        pointerDownOnBackdrop.current = false;
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="dialog__header">
          <h2 id={titleId} className={hideTitle ? 'dialog__title visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
        </div>
        <div className="dialog__body">{children}</div>
        {/* Last in the tab order so focus starts on the dialog's first field; placed top-right by CSS. */}
        <button
          type="button"
          className="dialog__close"
          aria-label="Close"
          onClick={requestClose}
          disabled={preventClose}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </div>
  );
}
