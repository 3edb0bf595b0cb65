import type { Context } from 'hono';
import type { z } from 'zod';
import { findUncleanText, UNSAFE_TEXT_MESSAGE } from '../../contract/text.ts';
import { HttpError, validationError } from './errors.ts';

/** Parses the JSON body against a contract schema; 400 with field errors when it does not fit. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, 'Body must be JSON', { _: 'Body must be JSON' });
  }
  const value = parse(schema, raw);
  // Schemas check their text fields; this also covers what they pass through unread (job payloads, object keys),
  // which would otherwise reach a jsonb column that refuses it.
  const unclean = findUncleanText(raw);
  if (unclean !== undefined) throw new HttpError(400, 'Invalid input', { [unclean]: UNSAFE_TEXT_MESSAGE });
  return value;
}

export const query = <S extends z.ZodType>(c: Context, schema: S): z.output<S> => parse(schema, c.req.query());

export function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
