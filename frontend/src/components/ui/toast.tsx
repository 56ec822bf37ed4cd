import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useSyncExternalStore } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@/config/constants';
import '@/components/ui/primitives.css';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself. */
  duration?: number;
};

type ToastItem = Required<Pick<ToastInput, 'variant' | 'duration'>> &
  Pick<ToastInput, 'title' | 'description'> & { id: number; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removeTimers = new Map<number, number>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

function scheduleRemoval(id: number): void {
  if (removeTimers.has(id)) return;
  const timer = window.setTimeout(() => {
    removeTimers.delete(id);
    emit(toasts.filter((item) => item.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Closes a toast; like the reference toaster, the closed entry is only dropped from memory later. */
export function dismissToast(id: number): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  scheduleRemoval(id);
}

/** Shows a toast. Only the newest TOAST_LIMIT toasts are kept, so one is visible at a time. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const item: ToastItem = {
    id,
    open: true,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

const PENDING_TOAST_KEY = 'pending-toast';

/**
 * Shows a toast after the page reloads, for flows whose success reloads the page (the login and
 * registration dialogs) so the confirmation is not lost with the old page.
 */
export function toastAfterReload(input: ToastInput): void {
  try {
    window.sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage can be unavailable (private mode quotas); the reload still happens.
  }
}

function showPendingToast(): void {
  try {
    const raw = window.sessionStorage.getItem(PENDING_TOAST_KEY);
    if (raw === null) return;
    window.sessionStorage.removeItem(PENDING_TOAST_KEY);
    toast(JSON.parse(raw) as ToastInput);
  } catch {
    // A malformed entry is dropped.
  }
}

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <RadixToast.Root
      className={destructive ? 'toast toast--destructive' : 'toast'}
      // An error is announced at once (assertive); other news waits for a pause (polite).
      type={destructive ? 'foreground' : 'background'}
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
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
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    showPendingToast();
  }, []);

  return (
    <RadixToast.Provider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {items
        .filter((item) => item.open)
        .map((item) => (
          <ToastCard key={item.id} item={item} />
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
