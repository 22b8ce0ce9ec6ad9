import { defineEndpoints } from './endpoint';

/** The catalog calls of the API contract (see contract.ts). */
export const catalogEndpoints = defineEndpoints({});
