/**
 * A local stand-in for RunPod's REST API, for `npm start` without a RunPod key and for the tests: GPU types, and
 * pods that take a few seconds to provision, then run with an SSH endpoint that answers with a banner (no shell:
 * nothing real runs, and every screen says "Sandbox: no real GPU"). It speaks the same shapes and errors as RunPod
 * (401 without the key, "no instances available" when a GPU type is out of stock, 404 for a pod that is gone), so the
 * real adapter drives it unchanged. `control` lets tests inject failures and end pods behind the product's back.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';

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

interface SandboxPod {
  id: string;
  name: string;
  desiredStatus: 'RUNNING' | 'EXITED';
  imageName: string;
  gpuTypeId: string;
  gpuCount: number;
  cloudType: string;
  volumeInGb: number;
  ports: string[];
  env: Record<string, string>;
  /** When the pod was last asked to run; it is reachable `provisioningMs` later. */
  startedAt: number;
}

export interface RunpodSandboxControl {
  /** Answers the next request whose "METHOD /path" matches with this status and body instead of serving it. */
  failNext(match: RegExp, status: number, body?: unknown): void;
  /** Holds the next matching request for `ms` before serving it (a timeout for a client with a shorter deadline). */
  delayNext(match: RegExp, ms: number): void;
  /** Ends a pod as RunPod would after a host failure or a deletion from its console. */
  removePod(id: string): void;
  setStock(gpuTypeId: string, inStock: boolean): void;
  pods(): { id: string; name: string; desiredStatus: string }[];
}

const GPU_TYPES = [
  { id: 'NVIDIA GeForce RTX 4090', displayName: 'RTX 4090', memoryInGb: 24, securePrice: 0.69, communityPrice: 0.34, minVcpu: 6, minMemory: 41 },
  { id: 'NVIDIA A100 80GB PCIe', displayName: 'A100 PCIe', memoryInGb: 80, securePrice: 1.64, communityPrice: 1.19, minVcpu: 8, minMemory: 117 },
  { id: 'NVIDIA H100 80GB HBM3', displayName: 'H100 SXM', memoryInGb: 80, securePrice: 2.99, communityPrice: null, minVcpu: 16, minMemory: 125 },
];

export async function startRunpodSandbox(options: RunpodSandboxOptions = {}): Promise<{ url: string; sshPort: number; control: RunpodSandboxControl; close(): Promise<void> }> {
  if (process.env.NODE_ENV === 'production') throw new Error('The RunPod sandbox simulates machines and never runs with NODE_ENV=production.');
  const now = options.now ?? Date.now;
  const provisioningMs = options.provisioningMs ?? 5_000;
  const pods = new Map<string, SandboxPod>();
  const stock = new Map(GPU_TYPES.map((type) => [type.id, type.id !== 'NVIDIA H100 80GB HBM3']));
  const faults: { match: RegExp; status: number; body: unknown }[] = [];
  const delays: { match: RegExp; ms: number }[] = [];

  // The "SSH" every pod maps port 22 to: it greets like an SSH server and hangs up.
  const ssh = createTcpServer((socket) => socket.end('SSH-2.0-NXN_Sandbox no real GPU behind this endpoint\r\n'));
  await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
  const sshPort = (ssh.address() as AddressInfo).port;

  const view = (pod: SandboxPod) => {
    const up = pod.desiredStatus === 'RUNNING' && now() - pod.startedAt >= provisioningMs;
    const type = GPU_TYPES.find((t) => t.id === pod.gpuTypeId)!;
    return {
      id: pod.id,
      name: pod.name,
      desiredStatus: pod.desiredStatus,
      imageName: pod.imageName,
      image: pod.imageName,
      gpu: { id: type.id, count: pod.gpuCount, displayName: type.displayName },
      costPerHr: String(((pod.cloudType === 'COMMUNITY' ? type.communityPrice : type.securePrice) ?? 0) * pod.gpuCount),
      volumeInGb: pod.volumeInGb,
      ports: pod.ports,
      publicIp: up ? '127.0.0.1' : null,
      portMappings: up ? { '22': sshPort } : null,
      env: pod.env,
      lastStartedAt: new Date(pod.startedAt).toISOString(),
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: any) => {
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const route = `${req.method} ${url.pathname}`;
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || auth.length <= 7 || (options.apiKey && auth !== `Bearer ${options.apiKey}`)) return send(401, { error: 'Unauthorized' });
    const delay = delays.findIndex((d) => d.match.test(route));
    if (delay >= 0) await new Promise((resolve) => setTimeout(resolve, delays.splice(delay, 1)[0]!.ms));
    const fault = faults.findIndex((f) => f.match.test(route));
    if (fault >= 0) {
      const { status, body: payload } = faults.splice(fault, 1)[0]!;
      return send(status, payload ?? { error: `Sandbox fault ${status}` });
    }

    if (route === 'GET /gpu-types') {
      return send(
        200,
        GPU_TYPES.map((t) => ({
          id: t.id,
          displayName: t.displayName,
          memoryInGb: t.memoryInGb,
          secureCloud: t.securePrice !== null,
          communityCloud: t.communityPrice !== null,
          securePrice: t.securePrice,
          communityPrice: t.communityPrice,
          maxGpuCount: 8,
          lowestPrice: { minVcpu: t.minVcpu, minMemory: t.minMemory, stockStatus: stock.get(t.id) ? 'High' : null },
        })),
      );
    }
    if (route === 'GET /pods') {
      const name = url.searchParams.get('name');
      return send(200, [...pods.values()].filter((pod) => !name || pod.name === name).map(view));
    }
    if (route === 'POST /pods') {
      const gpuTypeId = body?.gpuTypeIds?.[0];
      if (!body?.name || !body?.imageName || !GPU_TYPES.some((t) => t.id === gpuTypeId)) return send(400, { error: 'name, imageName and a known gpuTypeIds entry are required' });
      if (!stock.get(gpuTypeId)) return send(500, { error: 'There are no longer any instances available with the requested specifications. Please refresh and try again.' });
      const pod: SandboxPod = {
        id: randomBytes(7).toString('hex'),
        name: String(body.name),
        desiredStatus: 'RUNNING',
        imageName: String(body.imageName),
        gpuTypeId,
        gpuCount: Number(body.gpuCount ?? 1),
        cloudType: String(body.cloudType ?? 'SECURE'),
        volumeInGb: Number(body.volumeInGb ?? 0),
        ports: Array.isArray(body.ports) ? body.ports.map(String) : [],
        env: body.env ?? {},
        startedAt: now(),
      };
      pods.set(pod.id, pod);
      return send(201, view(pod));
    }
    const match = /^(GET|POST|DELETE) \/pods\/([^/]+)(?:\/(stop|start))?$/.exec(route);
    const pod = match ? pods.get(decodeURIComponent(match[2]!)) : undefined;
    if (match && !pod) return send(404, { error: 'pod not found' });
    if (match && pod) {
      const action = `${match[1]} ${match[3] ?? ''}`.trim();
      if (action === 'GET') return send(200, view(pod));
      if (action === 'DELETE') {
        pods.delete(pod.id);
        return send(204);
      }
      if (action === 'POST stop') {
        pod.desiredStatus = 'EXITED';
        return send(200, view(pod));
      }
      if (action === 'POST start') {
        if (pod.desiredStatus !== 'RUNNING') {
          pod.desiredStatus = 'RUNNING';
          pod.startedAt = now();
        }
        return send(200, view(pod));
      }
    }
    return send(404, { error: `No route ${route}` });
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Body must be JSON' }));
        return;
      }
      handle(req, res, body).catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    sshPort,
    control: {
      failNext: (match, status, body) => faults.push({ match, status, body }),
      delayNext: (match, ms) => delays.push({ match, ms }),
      removePod: (id) => void pods.delete(id),
      setStock: (id, inStock) => void stock.set(id, inStock),
      pods: () => [...pods.values()].map((pod) => ({ id: pod.id, name: pod.name, desiredStatus: pod.desiredStatus })),
    },
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => ssh.close(resolve))]);
    },
  };
}
