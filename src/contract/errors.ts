/**
 * Field errors: the `fields` of every 400 answer and what a form shows under its inputs. The browser checks a
 * request with the same schema the API uses and flattens the issues with this same function, so a field is named
 * the same way whichever side refused it.
 */
import type { z } from 'zod';

/** A dotted input path ("scenes.0.narration") to its message. */
export type FieldErrors = Record<string, string>;

/** First message per path; issues about the whole input (empty path) land under "_". */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}
