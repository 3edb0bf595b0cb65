import type { Context } from 'hono';
import type { z } from 'zod';
import { findUncleanText, UNSAFE_TEXT_MESSAGE } from '~/contract/text.ts';
import { HttpError, validationError } from './errors.ts';

/** Values for fields a body may leave out that only the server knows (e.g. its best voice), asked for only then. */
export type BodyDefaults = Record<string, () => Promise<unknown>>;

/**
 * Parses the JSON body against a contract schema; 400 with field errors when it does not fit. A field of `defaults`
 * missing from a JSON object body is filled in before the schema reads it.
 */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  defaults: BodyDefaults = {},
): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, 'Body must be JSON', { _: 'Body must be JSON' });
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const body = raw as Record<string, unknown>;
    for (const [key, value] of Object.entries(defaults)) if (body[key] === undefined) body[key] = await value();
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
