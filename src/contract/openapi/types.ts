/**
 * One row of the endpoint catalogue: what a route takes and answers, with the very zod schemas its handler validates
 * with. The OpenAPI document (document.ts) and the public reference page are built from these rows.
 */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';

export interface RequestExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Headers the request needs beyond authentication (e.g. what it accepts). */
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Endpoint {
  method: HttpMethod;
  /** The server's path template, e.g. `/videos/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The JSON body's schema (what the handler hands to jsonBody). */
  body?: z.ZodType;
  /** Body fields the server fills in when they are missing (e.g. its default voice). */
  serverDefaults?: string[];
  /** A body that is not JSON: its content types (multipart form, raw file). */
  rawBody?: { contentType: string; description: string };
  query?: z.ZodType;
  /** The answer's schema, where the contract has one. */
  answer?: z.ZodType;
  /** The answer when it is not JSON (audio, images, CSV, event streams). */
  answerType?: string;
  /** The success status; 204 answers have no body. */
  status: number;
  /** Takes an Idempotency-Key header (routes behind `idempotent(`): a repeat answers 200 with the first answer. */
  idempotent?: boolean;
  /**
   * Error answers this route gives beyond the ones its other fields imply (400 for a body, 404 for an id, …): the
   * status and when, e.g. `{ 409: 'The endpoint is turned off' }`. Every status a route answers is in the document.
   */
  errors?: Partial<Record<number, string>>;
  /** Spends credits: 402 `{needed, available}` when the balance is short. */
  charges?: boolean;
  /** A keyset-paged list: `limit`, `cursor` in, `nextCursor` out. */
  paged?: boolean;
  /** No token needed. */
  public?: boolean;
  /** Also served with no token to a signed link's `exp` and `sig` query parameters (a download, a media source). */
  signedLink?: boolean;
  /** Where the server's check is stricter than `routeScope` says (a download a key must ask a signed link for). */
  scope?: 'session';
  example?: RequestExample;
  answerExample?: unknown;
}

/** A route the server serves that the public document leaves out on purpose, and why. */
export interface Exclusion {
  method: HttpMethod | 'all';
  path: string;
  reason: string;
}

export const ID = '3f1c9a7e-2b4d-4c8e-9f10-5a6b7c8d9e0f';
export const OTHER_ID = '8a2e4f60-1c3b-4d5e-8f7a-9b0c1d2e3f4a';
