/**
 * Outgoing webhook requests under the address rule (address.ts), checked where it counts: the name is resolved by
 * the socket's own lookup, every address it returns is checked, and the connection goes to the checked address
 * (no second lookup a rebinding DNS server could answer differently). Redirects are followed by hand, a few at
 * most, each Location checked the same way.
 */
import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressPolicy, hostOf, refusedAddress, urlProblem } from './address.ts';

/** Resolves a name to every address it has (injectable for tests of the rule, never needed in production). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;
export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** The addresses of `host`, each allowed by the policy; throws naming the first refused one. */
export async function checkedAddresses(
  host: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  if (addresses.length === 0) throw new RefusedAddressError(`${host} has no address`);
  for (const { address } of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused)
      throw new RefusedAddressError(`${host} resolves to ${address}, ${refused}, which webhooks never reach`);
  }
  return addresses;
}

/** The URL rule at save time: its form, then every address its name resolves to. A message, or undefined when fine. */
export async function endpointUrlProblem(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<string | undefined> {
  const problem = urlProblem(raw, policy);
  if (problem) return problem;
  try {
    await checkedAddresses(hostOf(new URL(raw)), policy, resolve);
    return undefined;
  } catch (error) {
    if (error instanceof RefusedAddressError) return error.message.replace(/^./, (c) => c.toUpperCase());
    return `${hostOf(new URL(raw))} could not be resolved`;
  }
}

/** A socket lookup that connects only to addresses the policy allows. */
const pinnedLookup =
  (policy: AddressPolicy, resolve: Resolver): LookupFunction =>
  (host, options, callback) => {
    checkedAddresses(host, policy, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = addresses.filter((a) => !wanted || a.family === wanted);
        if (options.all) callback(null, usable);
        else {
          const first = usable[0];
          if (first) callback(null, first.address, first.family);
          else callback(new RefusedAddressError(`${host} has no IPv${wanted} address`), '', 0);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

export interface PostOptions {
  policy: AddressPolicy;
  /** The whole attempt, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  resolve?: Resolver;
}

export interface PostOutcome {
  /** The final answer's status; null when none came (refused, timed out, unreachable). */
  status: number | null;
  ms: number;
  error: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One POST of `body`, following at most `maxRedirects` redirects (each re-checked); never throws. */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let url = target;
  try {
    for (let hop = 0; ; hop++) {
      const problem = urlProblem(url, options.policy);
      if (problem) throw new RefusedAddressError(hop === 0 ? problem : `Redirect to ${url} refused: ${problem}`);
      const answer = await postOnce(new URL(url), body, headers, options, signal).catch((error: unknown) => {
        if (hop > 0 && error instanceof RefusedAddressError)
          throw new RefusedAddressError(`Redirect to ${url} refused: ${error.message}`);
        throw error;
      });
      if (!REDIRECTS.has(answer.status) || !answer.location)
        return { status: answer.status, ms: elapsed(), error: null };
      if (hop >= (options.maxRedirects ?? 3))
        return { status: answer.status, ms: elapsed(), error: `More than ${options.maxRedirects ?? 3} redirects` };
      url = new URL(answer.location, url).href;
    }
  } catch (error) {
    const message = signal.aborted
      ? `No answer within ${Math.round(options.timeoutMs / 1000)} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { status: null, ms: elapsed(), error: message };
  }
}

function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  const transport = url.protocol === 'https:' ? https : http;
  const host = hostOf(url);
  return new Promise((resolve, reject) => {
    const connect = async () => {
      // A literal address never reaches the lookup, so it is checked here.
      if (isIP(host)) await checkedAddresses(host, options.policy);
      const request = transport.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(options.policy, options.resolve ?? systemResolver),
        signal,
        agent: false,
      });
      request.once('error', reject);
      request.once('response', (response) => {
        // Only the status matters; a little of the body is read so the socket closes cleanly.
        response.resume();
        response.once('error', () => undefined);
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      });
      request.end(body);
    };
    connect().catch(reject);
  });
}
