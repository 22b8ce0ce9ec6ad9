import { defineEndpoints } from './endpoint';

/** The health calls of the API contract (see contract.ts). */
export const healthEndpoints = defineEndpoints({});
