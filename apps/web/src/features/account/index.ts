// Nothing here is used by another feature or the app shell: the account page (/account)
// loads lazily through app/routes.tsx, and its tabs come from the entries they belong to.
export {};
