/** A volunteer's live position counts for this long (DESIGN.md §5): for SOS fan-out, the answer distance and volunteers-nearby. */
export const LIVE_LOCATION_FRESH_MS = 15 * 60_000;
