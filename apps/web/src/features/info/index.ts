// Nothing here is used by another feature or the app shell: the terms, help and about pages
// (/tnc, /help, /about-us) load lazily through app/routes.tsx.
export {};
