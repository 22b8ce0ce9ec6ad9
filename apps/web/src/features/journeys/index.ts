// Nothing here is used by another feature or the app shell: the journey screen (/journey) loads
// lazily through app/routes.tsx, and the home page and the safety timer link to its route.
export {};
