/**
 * The errors services throw. One handler (plugins/app/error-handler.ts) turns them into
 * `{error: {code, message, field?}}` with the status below; nothing else builds error bodies.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: bad input. `field` is the dotted path of the input that failed (e.g. `locations.0.name`). */
export class ValidationError extends AppError {
  constructor(message: string, field?: string, code = 'validation_error') {
    super(400, code, message, field);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, 'conflict', message, field);
  }
}

/** 429: the caller must wait; `retryAfterSeconds` also becomes the Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    code = 'too_many_requests',
  ) {
    super(429, code, message);
  }
}

/** 503 while the database is still opening (the port opens before it is ready). */
export class ServiceStartingError extends AppError {
  constructor() {
    super(503, 'starting', 'Saathi is starting. Try again in a few seconds.');
  }
}

/**
 * Identity comes from the token (DESIGN.md §4): a userId that SPEC.md's calls carry in a body,
 * query or path must name the caller, or the request is refused.
 */
export function assertSelf(callerId: number, userId: number | undefined): void {
  if (userId !== undefined && userId !== callerId) throw new ForbiddenError('You can only act as yourself');
}
