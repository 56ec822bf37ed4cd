import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/config/constants';
import '@/components/ui/primitives.css';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself. */
  duration?: number;
};

export type ToastItem = Required<Pick<ToastInput, 'variant' | 'duration'>> &
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

// Radix's toast region loads with the first toast, not on Home's first visit (its budget).
const ToastRegion = lazy(async () => ({ default: (await import('@/components/ui/toast-region')).ToastRegion }));

/** Where toasts appear: nothing until the first one is shown, then the Radix toast region. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    showPendingToast();
  }, []);

  // Once loaded the region stays, so F8 keeps finding it after the last toast is gone.
  if (items.length > 0 && !needed) setNeeded(true);
  if (!needed && items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion items={items} onDismiss={dismissToast} />
    </Suspense>
  );
}
