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
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) parts.push(`up to ${schema.maxItems} items`);
  return parts.join(', ');
}

/** The top-level fields of an object schema, for the reference page's tables. */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeName(property),
    required: required.has(name),
    description: [property.description, limits(property)].filter(Boolean).join('; '),
  }));
}
