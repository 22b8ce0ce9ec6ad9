import { defineEndpoints } from './endpoint';

/** The incidents calls of the API contract (see contract.ts). */
export const incidentsEndpoints = defineEndpoints({});
