/**
 * A local stand-in for RunPod's REST API v2, for `npm start` without a RunPod key and for the tests: the GPU and data
 * center catalog with stock, and pods that take a few seconds to provision, then run with an SSH endpoint that answers
 * with a banner (no shell: nothing real runs, and every screen says "Sandbox: no real GPU"). It speaks v2's shapes and
 * RFC 9457 problem errors (401 without the key, 422 naming unknown fields, 400 when a GPU type cannot be placed, 404
 * for a pod that is gone, 409 for an action the pod's status does not allow), so the real adapter drives it unchanged.
 * Its `url` ends in "/v2" like RunPod's base URL. `control` lets tests inject failures and end pods behind the
 * product's back.
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

type Cloud = 'SECURE' | 'COMMUNITY';

interface SandboxPod {
  id: string;
  name: string;
  /** What the pod was last asked to be; RUNNING shows as PROVISIONING until `provisioningMs` have passed. */
  desired: 'RUNNING' | 'EXITED';
  image: string;
  gpuTypeId: string;
  gpuCount: number;
  cloud: Cloud;
  disk: number;
  mounts: unknown;
  ports: string[];
  env: Record<string, string>;
  dataCenterId: string;
  createdAt: number;
  /** When the pod was last asked to run; it is reachable `provisioningMs` later. */
  startedAt: number;
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

const GPU_TYPES = [
  { id: 'NVIDIA GeForce RTX 4090', name: 'RTX 4090', pool: 'ADA_24', memory: 24, secure: 0.69, community: 0.34 },
  { id: 'NVIDIA A100 80GB PCIe', name: 'A100 PCIe', pool: 'AMPERE_80', memory: 80, secure: 1.64, community: 1.19 },
  { id: 'NVIDIA H100 80GB HBM3', name: 'H100 SXM', pool: 'HOPPER_141', memory: 80, secure: 2.99, community: null },
];
const DATA_CENTERS = [
  { id: 'SANDBOX-1', name: 'Sandbox (simulated)', region: 'NORTH_AMERICA', globalNetwork: false, networkVolumeTypes: ['STANDARD'], compliance: [] },
];
const MAX_COUNT = 8;
/** The top-level fields CreatePodRequest allows (its schema has unevaluatedProperties: false). */
const CREATE_FIELDS = new Set(['name', 'image', 'args', 'disk', 'ports', 'env', 'registry', 'cloud', 'cpu', 'dataCenterIds', 'globalNetworking', 'gpu', 'mounts', 'startJupyter', 'startSsh', 'templateId']);
const TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests' };

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

  const status = (pod: SandboxPod) => (pod.desired === 'EXITED' ? 'EXITED' : now() - pod.startedAt >= provisioningMs ? 'RUNNING' : 'PROVISIONING');
  const ACTIONS = { RUNNING: ['stop', 'restart', 'terminate'], PROVISIONING: ['stop', 'terminate'], EXITED: ['start', 'terminate'] } as const;
  const price = (pod: SandboxPod) => (GPU_TYPES.find((t) => t.id === pod.gpuTypeId)![pod.cloud === 'COMMUNITY' ? 'community' : 'secure'] ?? 0) * pod.gpuCount;

  const view = (pod: SandboxPod) => {
    const current = status(pod);
    const up = current === 'RUNNING';
    const endpoint = (host: string, port: number, username: string) => ({ host, port, username, command: `ssh ${username}@${host} -p ${port}` });
    return {
      id: pod.id,
      name: pod.name,
      image: pod.image,
      args: '',
      disk: pod.disk,
      ports: pod.ports,
      env: pod.env,
      registry: null,
      status: current,
      actions: ACTIONS[current],
      mounts: pod.mounts,
      gpu: { id: pod.gpuTypeId, count: pod.gpuCount },
      cloud: pod.cloud,
      dataCenterId: pod.dataCenterId,
      cudaVersion: '12.8',
      ssh: {
        proxy: endpoint('127.0.0.1', sshPort, `${pod.id}-sandbox`),
        direct: up && pod.ports.includes('22/tcp') ? endpoint('127.0.0.1', sshPort, 'root') : null,
      },
      template: null,
      cost: current === 'EXITED' ? 0 : price(pod),
      locked: false,
      globalNetworking: { enabled: false },
      runtime: up ? { uptime: Math.floor((now() - pod.startedAt) / 1000), ports: [{ private: 22, public: sshPort, type: 'tcp', ip: '127.0.0.1' }] } : null,
      createdAt: new Date(pod.createdAt).toISOString(),
      startedAt: up ? new Date(pod.startedAt + provisioningMs).toISOString() : null,
    };
  };

  /** GET /v2/catalog/gpus; the sandbox's stock does not depend on count or cloud beyond whether the cloud has the type. */
  const gpuCatalog = (query: URLSearchParams) => {
    const withStock = query.get('include') === 'AVAILABILITY';
    const cloud = query.get('cloud') ?? 'SECURE';
    return GPU_TYPES.map((t) => {
      const inCloud = cloud === 'COMMUNITY' ? t.community !== null : true;
      const level = stock.get(t.id) && inCloud ? 'HIGH' : 'NONE';
      return {
        id: t.id,
        name: t.name,
        pool: t.pool,
        manufacturer: 'NVIDIA',
        memory: t.memory,
        secure: true,
        community: t.community !== null,
        price: { secure: t.secure, community: t.community ?? 0 },
        maxCount: { secure: MAX_COUNT, community: t.community === null ? 0 : MAX_COUNT },
        ...(withStock ? { availability: level, ...(level === 'NONE' ? {} : { dataCenters: DATA_CENTERS.map((dc) => ({ id: dc.id, name: dc.name, availability: level })) }) } : {}),
      };
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: any) => {
    const send = (code: number, payload?: unknown) => {
      res.writeHead(code, { 'content-type': code >= 400 ? 'application/problem+json' : 'application/json' });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const problem = (code: number, detail: string, errors?: string[]) => send(code, { title: TITLES[code] ?? 'Error', status: code, detail, ...(errors ? { errors } : {}) });
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
      return payload === undefined ? problem(code, `Sandbox fault ${code}`) : send(code, payload);
    }

    if (route === 'GET /v2/catalog/gpus') {
      const include = url.searchParams.get('include');
      if ((include === 'AVAILABILITY') !== url.searchParams.has('product')) return problem(400, 'include=AVAILABILITY requires product, and product is valid only with it');
      if (include !== null && include !== 'AVAILABILITY') return problem(422, 'Request validation failed.', [`include: unknown value ${include}`]);
      return send(200, { gpus: gpuCatalog(url.searchParams) });
    }
    if (route === 'GET /v2/catalog/datacenters') {
      const withStock = url.searchParams.get('include') === 'GPU_AVAILABILITY';
      return send(200, {
        dataCenters: DATA_CENTERS.map((dc) => ({
          ...dc,
          ...(withStock ? { gpuAvailability: GPU_TYPES.map((t) => ({ id: t.id, name: t.name, availability: stock.get(t.id) ? 'HIGH' : 'NONE' })) } : {}),
        })),
      });
    }
    if (route === 'GET /v2/pods') return send(200, { pods: [...pods.values()].map(view) });
    if (route === 'POST /v2/pods') {
      const unknown = Object.keys(body ?? {}).filter((field) => !CREATE_FIELDS.has(field));
      if (unknown.length) return problem(422, 'Request validation failed.', unknown.map((field) => `${field}: unknown field`));
      const type = GPU_TYPES.find((t) => t.id === body?.gpu?.id);
      const cloud: Cloud = body?.cloud === 'COMMUNITY' ? 'COMMUNITY' : 'SECURE';
      if (!body?.name || !body?.image || !type) return problem(422, 'Request validation failed.', ['name, image and gpu.id (a known GPU type) are required']);
      if (body.mounts?.persistent && Number(body.mounts.persistent.size) < 10) return problem(422, 'Request validation failed.', ['mounts.persistent.size: must be at least 10']);
      if (!stock.get(type.id) || (cloud === 'COMMUNITY' && type.community === null)) {
        return problem(400, `This GPU and data center combination could not be placed: there are no longer any instances available with ${type.id}.`);
      }
      const pod: SandboxPod = {
        id: randomBytes(7).toString('hex'),
        name: String(body.name),
        desired: 'RUNNING',
        image: String(body.image),
        gpuTypeId: type.id,
        gpuCount: Number(body.gpu.count ?? 1),
        cloud,
        disk: Number(body.disk ?? 20),
        mounts: body.mounts ?? {},
        ports: Array.isArray(body.ports) ? body.ports.map(String) : [],
        env: body.env ?? {},
        dataCenterId: DATA_CENTERS[0]!.id,
        createdAt: now(),
        startedAt: now(),
      };
      pods.set(pod.id, pod);
      return send(201, view(pod));
    }
    const match = /^(GET|POST|DELETE) \/v2\/pods\/([^/]+)(\/action)?$/.exec(route);
    const pod = match ? pods.get(decodeURIComponent(match[2]!)) : undefined;
    if (match && !pod) return problem(404, 'The requested Pod does not exist.');
    if (match && pod) {
      if (route.startsWith('GET') && !match[3]) return send(200, view(pod));
      if (route.startsWith('DELETE') && !match[3]) {
        pods.delete(pod.id);
        return send(204);
      }
      if (route.startsWith('POST') && match[3]) {
        const action = body?.action;
        if (!['start', 'stop', 'restart', 'terminate'].includes(action)) return problem(422, 'Request validation failed.', ['action: must be one of start, stop, restart, terminate']);
        const current = status(pod);
        if (!(ACTIONS[current] as readonly string[]).includes(action)) return problem(409, `Action ${action} is not valid for a pod in status ${current}.`);
        if (action === 'terminate') {
          pods.delete(pod.id);
          return send(204);
        }
        if (action === 'stop') pod.desired = 'EXITED';
        else {
          pod.desired = 'RUNNING';
          pod.startedAt = now();
        }
        return send(200, view(pod));
      }
    }
    return problem(404, `No route ${route}`);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        res.writeHead(400, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Bad Request', status: 400, detail: 'Body must be JSON' }));
        return;
      }
      handle(req, res, body).catch(() => res.writeHead(500).end());
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
      removePod: (id) => void pods.delete(id),
      setStock: (id, inStock) => void stock.set(id, inStock),
      pods: () => [...pods.values()].map((pod) => ({ id: pod.id, name: pod.name, status: status(pod) })),
    },
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => ssh.close(resolve))]);
    },
  };
}
