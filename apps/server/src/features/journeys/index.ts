export { journeysPlugin } from './journeys.plugin';
export { createJourneyHandlers } from './journeys-delivery';
export { createJourneysRepository } from './journeys.repository';
