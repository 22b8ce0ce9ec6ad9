import { SOS_LIMITS } from '@saathi/shared';

/**
 * The next recording number this device uses for an event's evidence. Every recorder start
 * (a re-render, a reload, the SOS screen reopened) takes a new one, because a webm is a header
 * followed by clusters: a second recorder's chunks numbered after the first's would neither
 * play nor be accepted (issue: parts 0 and 1 refused with 409 after a restart). Kept in
 * localStorage so a reloaded page goes on from where the last one stopped; the server still
 * refuses a number already holding other bytes, and the upload queue then moves on (`after`).
 */
const keyOf = (eventId: number) => `saathi.evidence-recording.${eventId}`;
/** Where there is no storage (private mode, quota): numbers for the life of the page. */
const inMemory = new Map<number, number>();

function read(eventId: number): number {
  try {
    const stored = Number(localStorage.getItem(keyOf(eventId)));
    if (Number.isInteger(stored) && stored > 0) return Math.max(stored, inMemory.get(eventId) ?? 0);
  } catch {
    // Storage unavailable: the page's own count below.
  }
  return inMemory.get(eventId) ?? 0;
}

function write(eventId: number, next: number): void {
  inMemory.set(eventId, next);
  try {
    localStorage.setItem(keyOf(eventId), String(next));
  } catch {
    // Kept in memory only.
  }
}

/** A fresh recording number for a recorder that is starting now. */
export function takeRecordingNumber(eventId: number): number {
  const number = Math.min(read(eventId), SOS_LIMITS.evidenceRecordingsMax);
  write(eventId, number + 1);
  return number;
}

/**
 * The server already holds `taken` with other bytes (storage cleared, another tab): the next
 * free number after it and everything this device used, or undefined when none is left.
 */
export function recordingAfter(eventId: number, taken: number): number | undefined {
  const number = Math.max(read(eventId), taken + 1);
  if (number > SOS_LIMITS.evidenceRecordingsMax) return undefined;
  write(eventId, number + 1);
  return number;
}
