// Nothing here is used by another feature or the app shell: the home page (/home) loads lazily
// through app/routes.tsx.
export {};
