import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ToastAction } from './toast-action';

/** SPEC.md §9: notifications close after 5 s by default. */
export const TOAST_DEFAULT_TIMEOUT_MS = 5000;

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export type { ToastAction } from './toast-action';

export interface ToastOptions {
  /** Milliseconds before it closes; `null` keeps it until dismissed or acted upon. */
  autoHideMs?: number | null;
  action?: ToastAction;
  /** Names the toast for `dismiss` (e.g. the SOS it leads to). */
  key?: string;
  /**
   * Not an answer to what the user just did on this screen (the app's own news, a notification
   * arriving): while the user's own SOS is active (see useHoldBackgroundToasts) it waits, unless
   * it is about that very SOS (`sosEventId`), and shows once the SOS has ended.
   */
  background?: boolean;
  /** The SOS a background toast is about: it may show over that SOS's own screen. */
  sosEventId?: number;
  /** Asked when a background toast that waited could show at last: false drops it. */
  stillRelevant?: () => boolean;
}

interface ToastItem extends ToastOptions {
  id: number;
  severity: ToastSeverity;
  message: string;
  /** Dismissed while on screen: its exit transition is running. */
  closing?: boolean;
}

export interface ToastApi {
  success: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
  info: (message: string, options?: ToastOptions) => void;
  warning: (message: string, options?: ToastOptions) => void;
  /** Closes the toasts with this key: the one on screen, and any still waiting. */
  dismiss: (key: string) => void;
  /**
   * While the user's own SOS `sosEventId` is active on screen, background toasts wait (one on
   * screen leaves at once). Returns the release; the hold ends when every holder has released.
   */
  holdBackground: (sosEventId: number) => () => void;
}

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** Whether `item` may show while the SOS events in `held` are active. */
function mayShow(item: ToastItem, held: readonly number[]): boolean {
  return held.length === 0 || !item.background || (item.sosEventId !== undefined && held.includes(item.sosEventId));
}

/**
 * Shows one toast at a time, in order; a newer toast waits until the current one closes. While
 * the user's own SOS is active, background toasts wait behind it (holdBackground).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  /** The SOS events holding background toasts back, one entry per holder. */
  const [held, setHeld] = useState<number[]>([]);
  /** The toast the user or its timer closed: its exit transition is running. */
  const [closedId, setClosedId] = useState<number | null>(null);
  const closedRef = useRef(closedId);
  useEffect(() => {
    closedRef.current = closedId;
  }, [closedId]);
  const current = queue.find((item) => mayShow(item, held));

  const api = useMemo<ToastApi>(() => {
    const push = (severity: ToastSeverity) => (message: string, options?: ToastOptions) =>
      setQueue((items) =>
        // The same message twice in a row (e.g. two failing requests) is shown once.
        items.some((item) => item.message === message && item.severity === severity) ? items : [...items, { id: nextId++, severity, message, ...options }],
      );
    return {
      success: push('success'),
      error: push('error'),
      info: push('info'),
      warning: push('warning'),
      // The one on screen leaves through its exit transition; waiting ones just go.
      dismiss: (key) => setQueue((items) => items.flatMap((item, index) => (item.key !== key ? [item] : index ? [] : [{ ...item, closing: true }]))),
      holdBackground: (sosEventId) => {
        setHeld((ids) => [...ids, sosEventId]);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          setHeld((ids) => {
            const index = ids.indexOf(sosEventId);
            return index < 0 ? ids : [...ids.slice(0, index), ...ids.slice(index + 1)];
          });
        };
      },
    };
  }, []);

  useEffect(() => {
    setQueue((items) =>
      held.length > 0
        ? // A toast the user had just closed, whose exit the hold cut short, stays closed.
          items.filter((item) => mayShow(item, held) || !(item.closing || item.id === closedRef.current))
        : // The SOS has ended: what waited shows now, if it still matters.
          items.filter((item) => !item.background || item.stillRelevant?.() !== false),
    );
  }, [held]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            key={current.id}
            id={current.id}
            open={closedId !== current.id && !current.closing}
            severity={current.severity}
            message={current.message}
            autoHideMs={current.autoHideMs === undefined ? TOAST_DEFAULT_TIMEOUT_MS : current.autoHideMs}
            action={current.action}
            onClose={() => setClosedId(current.id)}
            onExited={() => setQueue((items) => items.filter((item) => item.id !== current.id))}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}

/**
 * Keeps background toasts (the app's own news, notifications about anything else) off the
 * screen while the user's own SOS `sosEventId` is active; null when there is none.
 */
export function useHoldBackgroundToasts(sosEventId: number | null): void {
  const { holdBackground } = useToast();
  useEffect(() => (sosEventId === null ? undefined : holdBackground(sosEventId)), [sosEventId, holdBackground]);
}
