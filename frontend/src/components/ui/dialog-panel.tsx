import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import type { DialogProps } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons';

// How many dialogs are open (a confirm can stack over a form): the page scrolls again after the last.
let scrollLocks = 0;
let unlockedOverflow = '';
let unlockedPaddingRight = '';

/**
 * Stops the page behind from scrolling. Radix's own lock (its Overlay) injects a <style> element,
 * which the app's Content-Security-Policy blocks; properties set on element.style are allowed.
 */
function lockPageScroll(): () => void {
  if (scrollLocks++ === 0) {
    const { style } = document.body;
    unlockedOverflow = style.overflow;
    unlockedPaddingRight = style.paddingRight;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    style.overflow = 'hidden';
    if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  }
  return () => {
    if (--scrollLocks === 0) {
      document.body.style.overflow = unlockedOverflow;
      document.body.style.paddingRight = unlockedPaddingRight;
    }
  };
}

/** The Radix dialog behind `Dialog`, in a chunk of its own that loads when a dialog first opens. */
export function DialogPanel({
  open,
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
  const opener = useRef<HTMLElement | null>(null);

  // Runs before Radix moves focus inside (its focus scope mounts in a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return lockPageScroll();
  }, [open]);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !preventClose) onClose();
      }}
    >
      <RadixDialog.Portal>
        {/* Not Radix's Overlay (its scroll lock injects a <style>); a press here is outside the dialog and closes it. */}
        <div className="dialog-backdrop">
          <RadixDialog.Content
            aria-modal="true"
            // Without a description, no aria-describedby (Radix would point at a missing element).
            {...(description ? {} : { 'aria-describedby': undefined })}
            className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
            data-testid={testId}
            onOpenAutoFocus={(event) => {
              const preferred = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
              if (preferred) {
                event.preventDefault();
                preferred.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              // A menu item that opened the dialog is gone by now; then focus stays where Radix puts it.
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
          >
            <div className="dialog__header">
              <RadixDialog.Title className={hideTitle ? 'dialog__title visually-hidden' : 'dialog__title'}>
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
              )}
            </div>
            <div className="dialog__body">{children}</div>
            {/* Last in the tab order so focus starts on the dialog's first field; placed top-right by CSS. */}
            <RadixDialog.Close asChild>
              <button type="button" className="dialog__close" aria-label="Close" disabled={preventClose}>
                <CloseIcon size={18} />
              </button>
            </RadixDialog.Close>
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
