// Nothing here is used by another feature or the app shell: the readiness page (/test) loads
// lazily through app/routes.tsx.
export {};
