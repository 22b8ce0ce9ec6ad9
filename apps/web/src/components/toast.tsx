import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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
}

interface ToastItem extends ToastOptions {
  id: number;
  severity: ToastSeverity;
  message: string;
}

export interface ToastApi {
  success: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
  info: (message: string, options?: ToastOptions) => void;
  warning: (message: string, options?: ToastOptions) => void;
}

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** Shows one toast at a time, in order; a newer toast waits until the current one closes. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const push = useCallback((severity: ToastSeverity, message: string, options?: ToastOptions) => {
    setQueue((items) => {
      // The same message twice in a row (e.g. two failing requests) is shown once.
      if (items.some((item) => item.message === message && item.severity === severity)) return items;
      return [...items, { id: nextId++, severity, message, ...options }];
    });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => push('success', message, options),
      error: (message, options) => push('error', message, options),
      info: (message, options) => push('info', message, options),
      warning: (message, options) => push('warning', message, options),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            key={current.id}
            id={current.id}
            open={open}
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
