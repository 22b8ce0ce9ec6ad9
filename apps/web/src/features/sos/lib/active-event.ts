/**
 * The id of the user's SOS event in progress, kept on the device so the dashboard can point
 * back to SOS mode after a reload or a closed tab. The server stays the judge of its status.
 */
const ACTIVE_EVENT_KEY = 'saathi.active-sos';

export interface StoredActiveEvent {
  id: number;
  contactsOnly: boolean;
  userId: number;
}

export function storeActiveEvent(event: StoredActiveEvent): void {
  try {
    localStorage.setItem(ACTIVE_EVENT_KEY, JSON.stringify(event));
  } catch {
    // Without storage the banner just does not appear after a reload.
  }
}

export function readActiveEvent(userId: number): StoredActiveEvent | null {
  try {
    const raw = localStorage.getItem(ACTIVE_EVENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredActiveEvent>;
    if (typeof value.id !== 'number' || value.userId !== userId) return null;
    return { id: value.id, contactsOnly: value.contactsOnly === true, userId };
  } catch {
    return null;
  }
}

export function clearActiveEvent(id?: number): void {
  try {
    const raw = localStorage.getItem(ACTIVE_EVENT_KEY);
    if (id !== undefined && raw && (JSON.parse(raw) as { id?: unknown }).id !== id) return;
    localStorage.removeItem(ACTIVE_EVENT_KEY);
  } catch {
    // Nothing stored or storage unavailable.
  }
}

export function sosModePath(id: number, contactsOnly: boolean): string {
  return `/sos-mode?sosEventId=${id}&contactsOnly=${contactsOnly}`;
}
