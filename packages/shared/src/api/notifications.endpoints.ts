import { defineEndpoints } from './endpoint';

/** The notifications calls of the API contract (see contract.ts). */
export const notificationsEndpoints = defineEndpoints({});
