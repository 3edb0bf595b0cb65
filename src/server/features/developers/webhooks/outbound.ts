/**
 * Outgoing webhook requests under the address rule (address.ts), checked where it counts: the name is resolved by
 * the socket's own lookup, every address it returns is checked, and the connection goes to the checked address
 * (no second lookup a rebinding DNS server could answer differently). Redirects are never followed: a signed body
 * must go only where its owner pointed it (a 303 would even turn it into another request), so a 3xx answer fails the
 * attempt with a message naming the status and the Location.
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
  /** The whole attempt. */
  timeoutMs: number;
  resolve?: Resolver;
}

export interface PostOutcome {
  /** The final answer's status; null when none came (refused, timed out, unreachable). */
  status: number | null;
  ms: number;
  error: string | null;
}

/** Why a 3xx answer failed the attempt: its status and where it pointed, and what the owner should do. */
export function redirectRefused(status: number, location: string | undefined, from: string): string {
  let where = ' without a Location';
  if (location) {
    const absolute = URL.canParse(location, from) ? new URL(location, from).href : location;
    // A receiver writes the Location: only so much of it goes into the log.
    where = ` to ${absolute.length > 300 ? `${absolute.slice(0, 300)}…` : absolute}`;
  }
  return `The endpoint answered ${status}, a redirect${where}: redirects are not followed, so point the endpoint at the final URL`;
}

/** One POST of `body` to `target` (never to where a redirect points); never throws. */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const problem = urlProblem(target, options.policy);
    if (problem) throw new RefusedAddressError(problem);
    const answer = await postOnce(new URL(target), body, headers, options, signal);
    const redirect = answer.status >= 300 && answer.status < 400;
    return {
      status: answer.status,
      ms: elapsed(),
      error: redirect ? redirectRefused(answer.status, answer.location, target) : null,
    };
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
