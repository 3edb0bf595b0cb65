import { describe, expect, it } from 'vitest';
import { crossedLow } from '~/server/credits/ledger.ts';
import { refusedAddress, urlProblem } from '~/server/features/developers/webhooks/address.ts';
import {
  delivered,
  nextDelay,
  RETRY_SCHEDULE_MS,
  scheduleSpanMs,
  shouldDisable,
} from '~/server/features/developers/webhooks/schedule.ts';

const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };

describe('the outgoing address rule', () => {
  it.each([
    ['0.0.0.0', 'an unspecified address'],
    ['10.0.0.1', 'a private address'],
    ['100.64.1.2', 'a shared (carrier) address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.1.9', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['192.0.2.10', 'a documentation address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['224.0.0.251', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
  ])('refuses IPv4 %s as %s', (ip, why) => {
    expect(refusedAddress(ip, strict)).toBe(why);
  });

  it.each([
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    // IPv4 inside IPv6: mapped (both spellings), compatible, NAT64 and 6to4.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a link-local address'],
    ['::10.1.2.3', 'a private address'],
    ['64:ff9b::192.168.0.1', 'a private address'],
    ['2002:a00:1::', 'a private address'],
  ])('refuses IPv6 %s as %s', (ip, why) => {
    expect(refusedAddress(ip, strict)).toBe(why);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::',
  ])('lets public %s through', (ip) => {
    expect(refusedAddress(ip, strict)).toBeUndefined();
  });

  it('allows loopback alone when the development setting says so', () => {
    expect(refusedAddress('127.0.0.1', loopbackAllowed)).toBeUndefined();
    expect(refusedAddress('::1', loopbackAllowed)).toBeUndefined();
    expect(refusedAddress('::ffff:127.0.0.1', loopbackAllowed)).toBeUndefined();
    expect(refusedAddress('10.0.0.1', loopbackAllowed)).toBe('a private address');
    expect(refusedAddress('169.254.169.254', loopbackAllowed)).toBe('a link-local address');
  });

  it('refuses anything that is not an address', () => {
    expect(refusedAddress('example.com', strict)).toBe('not an IP address');
  });

  it("judges a URL's form: scheme, credentials, literal addresses in every spelling", () => {
    const production = { development: false, allowLoopback: false };
    const development = { development: true, allowLoopback: false };
    expect(urlProblem('https://hooks.example.com/nxn', production)).toBeUndefined();
    expect(urlProblem('http://hooks.example.com/nxn', production)).toBe('The URL must use https');
    expect(urlProblem('http://hooks.example.com/nxn', development)).toBeUndefined();
    expect(urlProblem('hooks.example.com', production)).toBe('Enter a full http(s) URL');
    expect(urlProblem('https://user:pw@hooks.example.com/', production)).toMatch(/user name or password/);
    // The URL parser turns these into 127.0.0.1 and 169.254.169.254 before the rule reads them.
    expect(urlProblem('https://2130706433/', production)).toMatch(/loopback/);
    expect(urlProblem('https://0x7f.1/', production)).toMatch(/loopback/);
    expect(urlProblem('https://[::ffff:169.254.169.254]/', production)).toMatch(/link-local/);
    expect(urlProblem('https://localhost:8080/', production)).toMatch(/loopback/);
    expect(urlProblem('http://localhost:8080/', { development: true, allowLoopback: true })).toBeUndefined();
  });
});

describe('the retry schedule', () => {
  it('tries at once, then backs off for about a day', () => {
    expect(RETRY_SCHEDULE_MS[0]).toBe(0);
    for (let i = 2; i < RETRY_SCHEDULE_MS.length; i++)
      expect(RETRY_SCHEDULE_MS[i]).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[i - 1] ?? 0);
    const hours = scheduleSpanMs(RETRY_SCHEDULE_MS) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
  });

  it('names the delay before each attempt and stops when it is used up', () => {
    expect(nextDelay(0)).toBe(0);
    expect(nextDelay(1)).toBe(5_000);
    expect(nextDelay(2)).toBe(5 * 60_000);
    expect(nextDelay(RETRY_SCHEDULE_MS.length)).toBeUndefined();
    expect(nextDelay(2, [0, 100])).toBeUndefined();
  });

  it('counts only 2xx as delivered', () => {
    expect([200, 204, 299].map(delivered)).toEqual([true, true, true]);
    expect([null, 199, 301, 404, 500].map(delivered)).toEqual([false, false, false, false, false]);
  });

  it('turns an endpoint off only after a whole schedule of failures without a success', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(shouldDisable({ exhausted: true, failingSince: first, firstAttemptAt: first })).toBe(true);
    // A success since the delivery's first attempt (failing again only later) keeps it on.
    const later = new Date('2026-01-01T05:00:00Z');
    expect(shouldDisable({ exhausted: true, failingSince: later, firstAttemptAt: first })).toBe(false);
    expect(shouldDisable({ exhausted: false, failingSince: first, firstAttemptAt: first })).toBe(false);
    expect(shouldDisable({ exhausted: true, failingSince: null, firstAttemptAt: first })).toBe(false);
  });
});

describe('credits running low', () => {
  it('is one crossing, not every spend below the line', () => {
    expect(crossedLow(12, 9, 10)).toBe(true);
    expect(crossedLow(10, 9, 10)).toBe(true);
    expect(crossedLow(9, 8, 10)).toBe(false);
    expect(crossedLow(20, 10, 10)).toBe(false);
    expect(crossedLow(5, 50, 10)).toBe(false);
  });
});
