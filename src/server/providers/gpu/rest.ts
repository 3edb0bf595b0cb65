/** The JSON-over-HTTP call both GPU clouds share, on the common transport (deadline, readable errors). */
import { apiUrl, readBody, sendJson } from '../http.ts';

export interface RestClient {
  /** Parsed JSON of an OK answer (undefined for an empty one); failures are ProviderErrors. */
  call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export function restClient(service: string, baseUrl: string, apiKey: string, timeoutMs: number): RestClient {
  return {
    async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const response = await sendJson(method, apiUrl(baseUrl, path), {
        service,
        headers: { authorization: `Bearer ${apiKey}` },
        body,
        timeoutMs,
      });
      return readBody(
        service,
        async () => {
          const text = await response.text();
          return (text ? JSON.parse(text) : undefined) as T;
        },
        undefined,
      );
    },
  };
}
