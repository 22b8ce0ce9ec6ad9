import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

/** SPEC.md §9: notifications close after 5 s by default. */
export const TOAST_DEFAULT_TIMEOUT_MS = 5000;

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** Milliseconds before it closes; `null` keeps it until dismissed or acted upon. */
  autoHideMs?: number | null;
  action?: ToastAction;
  /** Names the toast for `dismiss` (e.g. the SOS it leads to). */
  key?: string;
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
}

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** Shows one toast at a time, in order; a newer toast waits until the current one closes. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

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
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            key={current.id}
            id={current.id}
            open={open && !current.closing}
            severity={current.severity}
            message={current.message}
            autoHideMs={current.autoHideMs === undefined ? TOAST_DEFAULT_TIMEOUT_MS : current.autoHideMs}
            action={current.action}
            onClose={() => setOpen(false)}
            onExited={() => {
              setQueue((items) => items.slice(1));
              setOpen(true);
            }}
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
