// Nothing here is used by another feature or the app shell: the first-login stepper (/profile)
// loads lazily through app/routes.tsx. The profile's fields and editors are entities/profile.
export {};
