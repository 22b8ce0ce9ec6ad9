// The signed-in user's own record from the server (GET /users/me and PATCH /users/me).
export { useMeQuery, useUpdateMeMutation, userKeys } from './queries';
