import type { z } from 'zod';

/** A failure the client caused or may act on; its message is safe to show. Anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429,
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

/**
 * Flattens zod issues to `{ "a.b.0": message }`, first message per path, so a form can put each under its field.
 * Issues about the whole input (empty path) land under "_".
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export const validationError = (issues: readonly z.core.$ZodIssue[]) => new HttpError(400, 'Invalid input', fieldErrors(issues));
