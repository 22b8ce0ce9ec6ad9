import { UpdateUserBody, User } from '../schemas/user';
import { defineEndpoints } from './endpoint';

/** The signed-in user's own profile. */
export const usersEndpoints = defineEndpoints('users', {
  'GET /users/me': {
    summary: 'The signed-in user',
    responses: { 200: User },
    errors: ['user_not_found'],
  },
  'PATCH /users/me': {
    summary: 'Update the signed-in user; emergencyContacts and locations replace the stored lists',
    body: UpdateUserBody,
    responses: { 200: User },
    errors: ['dob_change_not_allowed', 'user_not_found'],
  },
});
