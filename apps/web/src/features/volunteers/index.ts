// Nothing here is used by another feature statically: the volunteers screen (/volunteers) loads
// lazily through app/routes.tsx, and app/layout loads the live location sharer lazily.
export {};
