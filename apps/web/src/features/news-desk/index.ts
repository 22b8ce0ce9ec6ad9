// Nothing here is used by another feature or the app shell: the newsroom's desk
// (/news/manage) loads lazily through app/routes.tsx.
export {};
