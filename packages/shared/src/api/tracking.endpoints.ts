import { defineEndpoints } from './endpoint';

/** The tracking calls of the API contract (see contract.ts). */
export const trackingEndpoints = defineEndpoints({});
