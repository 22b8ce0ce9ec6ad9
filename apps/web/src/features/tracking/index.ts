// Nothing here is used by another feature or the app shell: the contacts' tracking page
// (/track/:token) loads lazily through app/routes.tsx.
export {};
