import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@/config/constants';

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
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(item.duration);
  const swipeStart = useRef<{ x: number; pointerId: number } | null>(null);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [item.id, paused]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    swipeStart.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current?.pointerId !== event.pointerId) return;
    // Swipe direction is right: movement to the left is ignored.
    setOffset(Math.max(0, event.clientX - swipeStart.current.x));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - swipeStart.current.x;
    swipeStart.current = null;
    if (distance >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  const destructive = item.variant === 'destructive';
  return (
    <li
      className={destructive ? 'toast toast--destructive' : 'toast'}
      role={destructive ? 'alert' : undefined}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(item.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      data-testid="toast"
    >
      <div className="toast__body">
        {item.title && <p className="toast__title">{item.title}</p>}
        {item.description && <p className="toast__description">{item.description}</p>}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    showPendingToast();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
        viewport.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const visible = items.filter((item) => item.open);
  return (
    <section className="toaster" aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <ol ref={viewport} className="toaster__list" tabIndex={-1} aria-live="polite">
        {visible.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
