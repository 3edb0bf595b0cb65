/**
 * The outgoing-request rule, pure: which addresses a webhook may reach. Private, loopback, link-local, unique-local,
 * multicast, unspecified, shared (CGNAT), documentation and reserved ranges are refused, in IPv4 and IPv6, including
 * IPv4 written inside IPv6 (mapped, compatible, NAT64, 6to4) so no spelling of 127.0.0.1 gets through. Loopback
 * alone can be allowed, for a receiver on a developer's machine (WEBHOOKS_ALLOW_LOOPBACK, refused in production).
 */
import { isIP } from 'node:net';

export interface AddressPolicy {
  /** Plain http is accepted (outside production). */
  development: boolean;
  /** 127.0.0.0/8 and ::1 are accepted. */
  allowLoopback: boolean;
}

type Range = readonly [prefix: number[], bits: number, what: string];

const V4: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'an unspecified address'],
  [[10, 0, 0, 0], 8, 'a private address'],
  [[100, 64, 0, 0], 10, 'a shared (carrier) address'],
  [[127, 0, 0, 0], 8, 'a loopback address'],
  [[169, 254, 0, 0], 16, 'a link-local address'],
  [[172, 16, 0, 0], 12, 'a private address'],
  [[192, 0, 0, 0], 24, 'a reserved address'],
  [[192, 0, 2, 0], 24, 'a documentation address'],
  [[192, 168, 0, 0], 16, 'a private address'],
  [[198, 18, 0, 0], 15, 'a benchmarking address'],
  [[198, 51, 100, 0], 24, 'a documentation address'],
  [[203, 0, 113, 0], 24, 'a documentation address'],
  [[224, 0, 0, 0], 4, 'a multicast address'],
  [[240, 0, 0, 0], 4, 'a reserved address'],
];

const V6: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128, 'an unspecified address'],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, 'a loopback address'],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'a discard address'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'a documentation address'],
  [[0xfc, 0], 7, 'a unique-local address'],
  [[0xfe, 0x80], 10, 'a link-local address'],
  [[0xfe, 0xc0], 10, 'a site-local address'],
  [[0xff, 0], 8, 'a multicast address'],
];

const within = (bytes: readonly number[], [prefix, bits]: Range): boolean => {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};

const parseV4 = (text: string): number[] => text.split('.').map(Number);

/** The 16 bytes of an IPv6 address (which `isIP` already accepted), a dotted IPv4 tail included. */
export function parseV6(text: string): number[] {
  let address = text.split('%')[0] ?? text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = parseV4(tail[1]);
    address = `${address.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedV4(bytes: readonly number[]): number[] | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && bytes[15] === 1)) return bytes.slice(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return undefined;
}

function refusedV4(bytes: readonly number[], policy: AddressPolicy): string | undefined {
  const range = V4.find((r) => within(bytes, r));
  if (!range) return undefined;
  if (policy.allowLoopback && range[2] === 'a loopback address') return undefined;
  return range[2];
}

/**
 * Why `ip` may not be reached ("a private address"), or undefined when it may. Anything that is not an IP address
 * is refused too: the caller resolves names first.
 */
export function refusedAddress(ip: string, policy: Pick<AddressPolicy, 'allowLoopback'>): string | undefined {
  const family = isIP(ip);
  if (family === 4) return refusedV4(parseV4(ip), { development: false, ...policy });
  if (family !== 6) return 'not an IP address';
  const bytes = parseV6(ip);
  const v4 = embeddedV4(bytes);
  if (v4) return refusedV4(v4, { development: false, ...policy });
  const range = V6.find((r) => within(bytes, r));
  if (!range) return undefined;
  if (policy.allowLoopback && range[2] === 'a loopback address') return undefined;
  return range[2];
}

/** The host of a URL as an address or name: brackets of an IPv6 literal removed. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What is wrong with the URL's form under the policy, before any name is resolved: the scheme, credentials in it,
 * or a literal address that is refused. Undefined when only resolving the name can tell.
 */
export function urlProblem(raw: string, policy: AddressPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a full http(s) URL';
  if (url.protocol === 'http:' && !policy.development) return 'The URL must use https';
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = hostOf(url);
  if (isIP(host)) {
    const refused = refusedAddress(host, policy);
    if (refused) return `The URL points at ${refused}, which webhooks never reach`;
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!policy.allowLoopback) return 'The URL points at a loopback address, which webhooks never reach';
  }
  return undefined;
}
