import { defineEndpoints } from './endpoint';

/** The users calls of the API contract (see contract.ts). */
export const usersEndpoints = defineEndpoints({});
