/**
 * A local stand-in for RunPod's REST API v2, for `npm start` without a RunPod key and for the tests: the GPU and data
 * center catalog with stock, and pods that take a few seconds to provision, then run with an SSH endpoint that answers
 * with a banner (no shell: nothing real runs, and every screen says "Sandbox: no real GPU"). It speaks v2's shapes and
 * RFC 9457 problem errors (401 without the key, 422 naming unknown fields, 400 when a GPU type cannot be placed, 404
 * for a pod that is gone, 409 for an action the pod's status does not allow), so the real adapter drives it unchanged.
 * Its `url` ends in "/v2" like RunPod's base URL. `control` lets tests inject failures and end pods behind the
 * product's back.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { dataCenters, gpus, initialStock } from './catalog.ts';
import { sandboxPods } from './pods.ts';
import { type Answer, answer, problem, write } from './protocol.ts';

export interface RunpodSandboxOptions {
  port?: number;
  host?: string;
  /** Bearer key the sandbox accepts; any non-empty key when unset. */
  apiKey?: string;
  /** How long a pod provisions before it runs (also after a start). */
  provisioningMs?: number;
  /** The sandbox's clock, shared with tests that move time by hand. */
  now?: () => number;
}

export interface RunpodSandboxControl {
  /** Answers the next request whose "METHOD /v2/path" matches with this status and problem body instead of serving it. */
  failNext(match: RegExp, status: number, body?: unknown): void;
  /** Holds the next matching request for `ms` before serving it (a timeout for a client with a shorter deadline). */
  delayNext(match: RegExp, ms: number): void;
  /** Ends a pod as RunPod would after a host failure or a deletion from its console. */
  removePod(id: string): void;
  setStock(gpuTypeId: string, inStock: boolean): void;
  pods(): { id: string; name: string; status: string }[];
}

export async function startRunpodSandbox(
  options: RunpodSandboxOptions = {},
): Promise<{ url: string; sshPort: number; control: RunpodSandboxControl; close(): Promise<void> }> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The RunPod sandbox simulates machines and never runs with NODE_ENV=production.');
  const stock = initialStock();
  const faults: { match: RegExp; status: number; body: unknown }[] = [];
  const delays: { match: RegExp; ms: number }[] = [];

  // The "SSH" every pod maps port 22 to: it greets like an SSH server and hangs up.
  const ssh = createTcpServer((socket) => socket.end('SSH-2.0-NXN_Sandbox no real GPU behind this endpoint\r\n'));
  await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
  const sshPort = (ssh.address() as AddressInfo).port;
  const pods = sandboxPods({
    now: options.now ?? Date.now,
    provisioningMs: options.provisioningMs ?? 5_000,
    sshPort,
    stock,
  });

  /** The key check and the faults and delays a test asked for, then the route's handler. */
  const handle = async (req: IncomingMessage, body: any): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const route = `${req.method} ${url.pathname}`;
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || auth.length <= 7) return problem(401, 'missing bearer token');
    if (options.apiKey && auth !== `Bearer ${options.apiKey}`) return problem(401, 'invalid api key');
    const delay = delays.findIndex((d) => d.match.test(route));
    if (delay >= 0) await new Promise((resolve) => setTimeout(resolve, delays.splice(delay, 1)[0]!.ms));
    const fault = faults.findIndex((f) => f.match.test(route));
    if (fault >= 0) {
      const { status: code, body: payload } = faults.splice(fault, 1)[0]!;
      return payload === undefined ? problem(code, `Sandbox fault ${code}`) : answer(code, payload);
    }

    if (route === 'GET /v2/catalog/gpus') return gpus(url.searchParams, stock);
    if (route === 'GET /v2/catalog/datacenters') return dataCenters(url.searchParams, stock);
    if (route === 'GET /v2/pods') return pods.list();
    if (route === 'POST /v2/pods') return pods.create(body);
    const match = /^(GET|POST|DELETE) \/v2\/pods\/([^/]+)(\/action)?$/.exec(route);
    return (
      (match && pods.one(match[1]!, decodeURIComponent(match[2]!), Boolean(match[3]), body)) ||
      problem(404, `No route ${route}`)
    );
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/problem+json' })
          .end(JSON.stringify({ title: 'Bad Request', status: 400, detail: 'Body must be JSON' }));
        return;
      }
      handle(req, body)
        .then((reply) => write(res, reply))
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}/v2`,
    sshPort,
    control: {
      failNext: (match, code, body) => faults.push({ match, status: code, body }),
      delayNext: (match, ms) => delays.push({ match, ms }),
      removePod: pods.remove,
      setStock: (id, inStock) => void stock.set(id, inStock),
      pods: pods.summary,
    },
    async close() {
      server.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => ssh.close(resolve)),
      ]);
    },
  };
}
