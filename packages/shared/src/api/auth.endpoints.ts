import { defineEndpoints } from './endpoint';

/** The auth calls of the API contract (see contract.ts). */
export const authEndpoints = defineEndpoints({});
