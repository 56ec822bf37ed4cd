import { useEffect, useSyncExternalStore } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT } from '@/config/constants';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself. */
  duration?: number;
};

type ToastItem = Required<Pick<ToastInput, 'variant' | 'duration'>> &
  Pick<ToastInput, 'title' | 'description'> & { id: number };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

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

export function dismissToast(id: number): void {
  emit(toasts.filter((item) => item.id !== id));
}

/** Shows a toast. Only the newest TOAST_LIMIT toasts stay visible. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function ToastCard({ item }: { item: ToastItem }) {
  useEffect(() => {
    if (!Number.isFinite(item.duration)) return;
    const timer = window.setTimeout(() => dismissToast(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration]);

  const destructive = item.variant === 'destructive';
  return (
    <div className={destructive ? 'toast toast--destructive' : 'toast'} role={destructive ? 'alert' : undefined}>
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
    </div>
  );
}

export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <section className="toaster" aria-label="Notifications">
      <div className="toaster__list" aria-live="polite">
        {items.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
