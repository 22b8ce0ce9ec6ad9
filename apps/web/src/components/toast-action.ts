/** A toast's one button ("Refresh", "Open"): its own module, so the lazily loaded view and the provider share it without importing each other. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}
