// Nothing here is used by another feature or the app shell: the reels desk (/shorts-crud) loads
// lazily through app/routes.tsx.
export {};
