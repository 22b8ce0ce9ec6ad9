import { ERROR_CODES, OTHER_STATUSES, type ErrorCode, type ErrorParams, type LoginChallenge } from '@saathi/shared';

/**
 * The errors services throw. One handler (plugins/app/error-handler.ts) turns them into
 * `{error: {code, message, params?, field?}}` with the status below; nothing else builds error
 * bodies. `code` is one of the closed list in @saathi/shared (errors.ts): people see the web
 * app's text for it in their language, with `params` (seconds to wait, limits...) filled in;
 * `message` stays English, for logs and API readers.
 */
export class AppError extends Error {
  /** The status of `code` in the closed list, so a code always answers with the same status. */
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly params?: ErrorParams,
    /** Only a status the list allows for this code besides its own (OTHER_STATUSES). */
    status?: number,
  ) {
    super(message);
    this.name = new.target.name;
    if (status !== undefined && !OTHER_STATUSES[code]?.includes(status)) throw new TypeError(`${code} is never answered with ${status}`);
    this.statusCode = status ?? ERROR_CODES[code];
  }
}

/** 400: bad input. `field` is the dotted path of the input that failed (e.g. `locations.0.name`). */
export class ValidationError extends AppError {
  constructor(message: string, field?: string, code: ErrorCode = 'validation_error', params?: ErrorParams) {
    super(code, message, field, params);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this', code: ErrorCode = 'forbidden', params?: ErrorParams) {
    super(code, message, undefined, params);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code: ErrorCode = 'not_found') {
    super(code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string, code: ErrorCode = 'conflict', params?: ErrorParams) {
    super(code, message, field, params);
  }
}

/** 413: the upload is too big. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string, code: ErrorCode = 'payload_too_large', params?: ErrorParams) {
    super(code, message, undefined, params);
  }
}

/**
 * 429: the caller must wait; `retryAfterSeconds` also becomes the Retry-After header. Codes
 * whose text says how long to wait get `{seconds}` in `params` (the web app words it).
 */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    code: ErrorCode = 'too_many_requests',
    params?: ErrorParams,
  ) {
    super(code, message, undefined, params);
  }
}

/** 503 while the database is still opening (the port opens before it is ready). */
export class ServiceStartingError extends AppError {
  constructor() {
    super('starting', 'Saathi is starting. Try again in a few seconds.');
  }
}

/**
 * 503 `busy`: a read that can wait, refused at once because the process is overloaded
 * (plugins/app/load-shedding.ts); `retryAfterSeconds` also becomes the Retry-After header.
 */
export class BusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('busy', `Saathi is very busy; try again in ${retryAfterSeconds} seconds. SOS alerts are not affected.`, undefined, { seconds: retryAfterSeconds });
  }
}

/**
 * Identity comes from the token (DESIGN.md §4): a userId that SPEC.md's calls carry in a body,
 * query or path must name the caller, or the request is refused.
 */
export function assertSelf(callerId: number, userId: number | undefined): void {
  if (userId !== undefined && userId !== callerId) throw new ForbiddenError('You can only act as yourself');
}

/**
 * 428: solve this proof-of-work challenge (ALTCHA's format) and send the same request again
 * with the solution in `altcha`. The handler puts `challenge` in the error body.
 */
export class ChallengeRequiredError extends AppError {
  constructor(readonly challenge: LoginChallenge) {
    super('challenge_required', 'Confirm this request comes from a person: solve the challenge and send it again.');
  }
}
