import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves the challenge of a 428 `challenge_required` answer as the login screen's widget does,
 * and returns the payload the request then carries as `altcha` (base64 of {challenge, solution}).
 */
export async function solveChallengeOf(body: unknown): Promise<string> {
  const challenge = (body as { error?: { challenge?: Challenge } }).error?.challenge;
  if (!challenge) throw new Error(`no challenge in ${JSON.stringify(body)}`);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge has no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
