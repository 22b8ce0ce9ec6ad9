import { defineEndpoints } from './endpoint';

/** The push calls of the API contract (see contract.ts). */
export const pushEndpoints = defineEndpoints({});
