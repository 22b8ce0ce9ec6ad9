import { jsonResponse, stubFetch } from './contract-answers';

/**
 * Answers every fetch with `body` as JSON under `status`, checked against the contract
 * (contract-answers.ts); returns the mock, to read the calls made.
 */
export function serveJson(status: number, body: unknown) {
  return stubFetch(async () => jsonResponse(status, body));
}
