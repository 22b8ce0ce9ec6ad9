// The SOS alert's pure pieces, shared by the React SOS screens, the early SOS script
// (src/early-sos, inlined into index.html) and the tracking page. Nothing here may import
// anything with side effects: the early SOS is bundled from these modules alone.
export { countdownReducer, countdownSeconds, type CountdownState } from './countdown';
export { buildSosSmsLink, formatCoordinates, mapsLink, smsMessageValues } from './sms-link';
export { sosRequestBody } from './sos-request';
export { THREAT_CHOICES } from './threats';
