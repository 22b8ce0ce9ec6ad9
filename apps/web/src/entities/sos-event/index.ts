// An SOS event on the server: its query keys and API calls (raise, follow, answer, end, evidence).
export { endCachedEvent, fetchEvidenceBlob, sosApi, sosKeys, uploadEvidenceChunk } from './sos-api';
