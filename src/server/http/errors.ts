import type { z } from 'zod';
import { fieldErrors } from '~/contract/errors.ts';

/**
 * A failure the client caused or may act on (422: a stored file it cannot use, e.g. a picture too large to decode;
 * 503: the server cannot do it yet, e.g. no worker has ffmpeg); its message is safe to show. Anything else becomes a
 * 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
    /** Extra fields of the JSON body a client can act on, e.g. the credits needed on 402. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);

export const validationError = (issues: readonly z.core.$ZodIssue[]) =>
  new HttpError(400, 'Invalid input', fieldErrors(issues));
