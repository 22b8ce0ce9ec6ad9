import { UpdateUserBody, User } from '../schemas/user';
import { defineEndpoints, ok } from './endpoint';

/** The signed-in user's own profile. */
export const usersEndpoints = defineEndpoints('users', {
  'GET /users/me': ok(User, { errors: ['user_not_found'] }).summary('The signed-in user'),
  'PATCH /users/me': ok(User, { body: UpdateUserBody, errors: ['dob_change_not_allowed', 'user_not_found'] }).summary(
    'Update the signed-in user; emergencyContacts and locations replace the stored lists',
  ),
});
