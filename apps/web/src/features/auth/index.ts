// Nothing here is used by another feature or the app shell: the sign-in screen (/login) loads
// lazily through app/routes.tsx. Who is signed in is entities/session.
export {};
