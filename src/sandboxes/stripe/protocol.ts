/** The wire details of Stripe's API the sandbox speaks: form-encoded bodies, ids, error objects, JSON answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req'), ...headers });
  res.end(JSON.stringify(body));
}

/** `line_items[0][price_data][currency]=usd` → `{ line_items: [{ price_data: { currency: 'usd' } }] }`, as Stripe reads it. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = path[index + 1]!;
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export const stripeId = (prefix: string): string =>
  `${prefix}_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: 'invalid_request_error' | 'api_error' = 'invalid_request_error',
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  /** Stripe's error body: `{ error: { type, message, param?, code? } }`. */
  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code } : {}),
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, `Missing required param: ${param}.`, 'invalid_request_error', param, 'parameter_missing');

export const noSuch = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, `No such ${what}: '${id}'`, 'invalid_request_error', param, 'resource_missing');

/** A whole number of minor units, as Stripe requires for amounts. */
export function amountParam(value: unknown, param: string): number {
  const amount = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(amount) || amount < 1) {
    throw new StripeApiError(
      400,
      `Invalid integer: ${String(value)}`,
      'invalid_request_error',
      param,
      'parameter_invalid_integer',
    );
  }
  return amount;
}
