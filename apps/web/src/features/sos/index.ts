// The SOS feature's public entry: what the contacts' tracking page draws as SOS mode does, and
// the helplines (app/used-keys.test.ts). Its screens load through app/routes.tsx.
export { OpenMapsButton } from './components/open-maps-button';
export { SosHeadlineCard } from './components/sos-headline-card';
export { HELPLINES } from './helplines';
