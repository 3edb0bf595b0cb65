/**
 * One GET to a stock API with the rate limit respected: a 429 that says the limit resets soon is waited out and
 * asked once more; a longer wait, or a second 429, is the caller's signal to use the next source instead.
 */
import { ProviderError, sendJson } from '../http.ts';

export interface StockRequestOptions {
  service: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Longest rate-limit wait worth sitting out; beyond it the scene takes its next source. */
  maxRetryWaitMs: number;
  signal?: AbortSignal | undefined;
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export async function getStockJson(url: string, options: StockRequestOptions): Promise<unknown> {
  const send = () =>
    sendJson('GET', url, {
      service: options.service,
      headers: { accept: 'application/json', ...options.headers },
      body: undefined,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    const wait = error instanceof ProviderError && error.kind === 'rate_limited' ? error.retryAfterMs : undefined;
    if (wait === undefined || wait > options.maxRetryWaitMs) throw error;
    await sleep(wait, options.signal);
    response = await send();
  }
  try {
    return await response.json();
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new ProviderError('bad_output', `${options.service} sent an answer we couldn't read.`, {
      detail: String(error),
    });
  }
}
