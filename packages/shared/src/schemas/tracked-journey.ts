import { z } from 'zod';
import { JOURNEY_MODES } from '../domain/journey-estimate';

/** The most points of a journey's path a tracking page gets; a longer track is thinned evenly (its newest point always kept). */
export const TRACKED_PATH_MAX = 500;

/** What a contact's tracking page shows of a journey, beside the live position (schemas/sos.ts `TrackingView`). */
export const TrackedJourney = z.object({
  destination: z.object({ name: z.string().nullable(), latitude: z.number(), longitude: z.number() }),
  mode: z.enum(JOURNEY_MODES),
  expectedArrivalAt: z.string(),
  /** The track so far, oldest first, at most TRACKED_PATH_MAX points. */
  path: z.array(z.object({ latitude: z.number(), longitude: z.number(), at: z.string() })),
});
export type TrackedJourney = z.infer<typeof TrackedJourney>;
