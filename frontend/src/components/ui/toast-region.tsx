import * as RadixToast from '@radix-ui/react-toast';
import { CloseIcon } from '@/components/ui/icons';
import type { ToastItem } from '@/components/ui/toast';
import { TOAST_DEFAULT_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@/config/constants';

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const destructive = item.variant === 'destructive';
  return (
    <RadixToast.Root
      className={destructive ? 'toast toast--destructive' : 'toast'}
      // An error is announced at once (assertive); other news waits for a pause (polite).
      type={destructive ? 'foreground' : 'background'}
      open={item.open}
      onOpenChange={(open) => {
        if (!open) onDismiss(item.id);
      }}
      duration={item.duration}
      data-testid="toast"
    >
      <div className="toast__body">
        {item.title && (
          <RadixToast.Title asChild>
            <p className="toast__title">{item.title}</p>
          </RadixToast.Title>
        )}
        {item.description && (
          <RadixToast.Description asChild>
            <p className="toast__description">{item.description}</p>
          </RadixToast.Description>
        )}
      </div>
      <RadixToast.Close asChild>
        <button type="button" className="toast__close" aria-label="Dismiss notification">
          <CloseIcon size={16} />
        </button>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/**
 * The toast region (Radix): F8 moves focus to it, a toast pauses while hovered or focused, Escape
 * or a swipe to the right of 50 px dismisses it.
 */
export function ToastRegion({ items, onDismiss }: { items: readonly ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {items
        .filter((item) => item.open)
        .map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={onDismiss} />
        ))}
      <div className="toaster">
        <RadixToast.Viewport
          className="toaster__list"
          hotkey={[TOAST_HOTKEY]}
          label={`Notifications (${TOAST_HOTKEY})`}
        />
      </div>
    </RadixToast.Provider>
  );
}
