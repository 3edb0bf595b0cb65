/**
 * A webhook receiver on this machine (port 0): records every request and answers each with the next scripted
 * behaviour (a status, a redirect, or silence), then 200. Outside code speaking the protocol, as a user's server
 * would, so the tests check what actually arrives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = number | { redirect: string; status?: number } | 'hang';

export interface Received {
  /** The request's path, so a test can tell which endpoint of the receiver got it. */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** performance.now() when it arrived, for intervals. */
  at: number;
  /** Date.now() when it arrived, to compare with times the database wrote. */
  receivedAt: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What the next requests get, in order; afterwards every request gets 200. */
  script(...answers: Answer[]): void;
  /** Waits until `count` requests arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(options: { delayMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(',') : (value ?? ''),
        ]),
      );
      received.push({
        path: req.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const reply = () => {
        if (typeof answer === 'number') res.writeHead(answer).end();
        else res.writeHead(answer.status ?? 307, { location: answer.redirect }).end();
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script: (...next) => answers.push(...next),
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook requests, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
