import { defineEndpoints } from './endpoint';

/** The posts calls of the API contract (see contract.ts). */
export const postsEndpoints = defineEndpoints({});
