/** How the sandbox answers, as RunPod's v2 API does: JSON, and RFC 9457 problem bodies for errors. */
import type { ServerResponse } from 'node:http';

export interface Answer {
  status: number;
  body?: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

export const answer = (status: number, body?: unknown): Answer => (body === undefined ? { status } : { status, body });

export const problem = (status: number, detail: string, errors?: string[]): Answer =>
  answer(status, { title: TITLES[status] ?? 'Error', status, detail, ...(errors ? { errors } : {}) });

export function write(res: ServerResponse, { status, body }: Answer): void {
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}
