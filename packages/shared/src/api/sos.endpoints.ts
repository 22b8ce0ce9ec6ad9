import { defineEndpoints } from './endpoint';

/** The sos calls of the API contract (see contract.ts). */
export const sosEndpoints = defineEndpoints({});
