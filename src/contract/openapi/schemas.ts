/** zod → JSON Schema for the document: requests as they are sent (input), answers as they arrive (output). */
import { z } from 'zod';
import type { Endpoint } from './types.ts';

export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
};

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms have no JSON Schema; the shape before them (input) or after (output) is what we show.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The body as a client sends it: fields the server fills in are optional to the client. */
export function bodySchema(endpoint: Endpoint): JsonSchema | undefined {
  if (!endpoint.body) return undefined;
  const schema = jsonSchema(endpoint.body, 'input');
  const defaults = new Set(endpoint.serverDefaults ?? []);
  if (schema.required && defaults.size > 0) schema.required = schema.required.filter((name) => !defaults.has(name));
  return schema;
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return [...new Set(options.map(typeName))].join(' | ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items) return `${typeName(schema.items as JsonSchema)}[]`;
  return type;
}

function limits(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  // zod gives every integer the safe-integer range; only a bound the contract chose says anything.
  const bound = (value: unknown) => value !== undefined && Math.abs(Number(value)) !== Number.MAX_SAFE_INTEGER;
  if (bound(schema.minimum)) parts.push(`min ${schema.minimum}`);
  if (bound(schema.maximum)) parts.push(`max ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) parts.push(`up to ${schema.maxItems} items`);
  return parts.join(', ');
}

/** "What it is. Default 1, max 4." */
function notes(schema: JsonSchema): string {
  const rules = limits(schema);
  if (!schema.description) return rules;
  return rules ? `${schema.description} ${rules.charAt(0).toUpperCase()}${rules.slice(1)}.` : schema.description;
}

/** An object's own schema, also when it may be null (`anyOf: [object, null]`). */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const objects = options?.filter((option) => option.type !== 'null');
  return objects?.length === 1 && objects[0]?.properties ? objects[0] : undefined;
}

/**
 * The fields of an object schema, for the reference page's tables: the description first, then limits and defaults.
 * With `nested` (true, or true for the names to open), an object field is followed by its own fields as
 * `parent.child` rows, a list of objects by `parent[].child` rows (one level: deeper ones stay `object`).
 */
export function fieldsOf(
  schema: JsonSchema | undefined,
  nested: boolean | ((name: string) => boolean) = false,
  prefix = '',
): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const field: Field = {
      name: prefix + name,
      type: typeName(property),
      required: required.has(name),
      description: notes(property),
    };
    if (prefix || !(typeof nested === 'function' ? nested(name) : nested)) return [field];
    const inner = objectOf(property);
    if (inner) return [field, ...fieldsOf(inner, false, `${name}.`)];
    const item = property.type === 'array' && property.items ? objectOf(property.items as JsonSchema) : undefined;
    return item ? [field, ...fieldsOf(item, false, `${name}[].`)] : [field];
  });
}
