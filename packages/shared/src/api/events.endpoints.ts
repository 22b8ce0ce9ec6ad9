import { defineEndpoints } from './endpoint';

/** The events calls of the API contract (see contract.ts). */
export const eventsEndpoints = defineEndpoints({});
