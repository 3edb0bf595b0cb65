/**
 * Pods: `GET /v2/pods`, `POST /v2/pods`, and `GET`, `DELETE` and `POST …/action` on `/v2/pods/:id`. A pod
 * provisions for `provisioningMs`, then runs with an SSH endpoint (the sandbox's banner-only one).
 */
import { randomBytes } from 'node:crypto';
import { DATA_CENTERS, GPU_TYPES, type Stock } from './catalog.ts';
import { type Answer, answer, problem } from './protocol.ts';

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

/** The top-level fields CreatePodRequest allows (its schema has unevaluatedProperties: false). */
const CREATE_FIELDS = new Set([
  'name',
  'image',
  'args',
  'disk',
  'ports',
  'env',
  'registry',
  'cloud',
  'cpu',
  'dataCenterIds',
  'globalNetworking',
  'gpu',
  'mounts',
  'startJupyter',
  'startSsh',
  'templateId',
]);
const ACTIONS = {
  RUNNING: ['stop', 'restart', 'terminate'],
  PROVISIONING: ['stop', 'terminate'],
  EXITED: ['start', 'terminate'],
} as const;

const price = (pod: SandboxPod) =>
  (GPU_TYPES.find((t) => t.id === pod.gpuTypeId)![pod.cloud === 'COMMUNITY' ? 'community' : 'secure'] ?? 0) *
  pod.gpuCount;

export interface PodsDeps {
  now: () => number;
  provisioningMs: number;
  /** The port of the banner-only SSH endpoint every pod maps port 22 to. */
  sshPort: number;
  stock: Stock;
}

export function sandboxPods({ now, provisioningMs, sshPort, stock }: PodsDeps) {
  const pods = new Map<string, SandboxPod>();

  const status = (pod: SandboxPod) =>
    pod.desired === 'EXITED' ? 'EXITED' : now() - pod.startedAt >= provisioningMs ? 'RUNNING' : 'PROVISIONING';

  const view = (pod: SandboxPod) => {
    const current = status(pod);
    const up = current === 'RUNNING';
    const endpoint = (host: string, port: number, username: string) => ({
      host,
      port,
      username,
      command: `ssh ${username}@${host} -p ${port}`,
    });
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
      runtime: up
        ? {
            uptime: Math.floor((now() - pod.startedAt) / 1000),
            ports: [{ private: 22, public: sshPort, type: 'tcp', ip: '127.0.0.1' }],
          }
        : null,
      createdAt: new Date(pod.createdAt).toISOString(),
      startedAt: up ? new Date(pod.startedAt + provisioningMs).toISOString() : null,
    };
  };

  const list = (): Answer => answer(200, { pods: [...pods.values()].map(view) });

  function create(body: any): Answer {
    const unknown = Object.keys(body ?? {}).filter((field) => !CREATE_FIELDS.has(field));
    if (unknown.length)
      return problem(
        422,
        'Request validation failed.',
        unknown.map((field) => `${field}: unknown field`),
      );
    const type = GPU_TYPES.find((t) => t.id === body?.gpu?.id);
    const cloud: Cloud = body?.cloud === 'COMMUNITY' ? 'COMMUNITY' : 'SECURE';
    if (!body?.name || !body?.image || !type)
      return problem(422, 'Request validation failed.', ['name, image and gpu.id (a known GPU type) are required']);
    if (body.mounts?.persistent && Number(body.mounts.persistent.size) < 10)
      return problem(422, 'Request validation failed.', ['mounts.persistent.size: must be at least 10']);
    if (!stock.get(type.id) || (cloud === 'COMMUNITY' && type.community === null)) {
      return problem(
        400,
        `This GPU and data center combination could not be placed: there are no longer any instances available with ${type.id}.`,
      );
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
    return answer(201, view(pod));
  }

  /** `POST /v2/pods/:id/action`: start, stop, restart or terminate, when the pod's status allows it. */
  function act(pod: SandboxPod, body: any): Answer {
    const action = body?.action;
    if (!['start', 'stop', 'restart', 'terminate'].includes(action))
      return problem(422, 'Request validation failed.', ['action: must be one of start, stop, restart, terminate']);
    const current = status(pod);
    if (!(ACTIONS[current] as readonly string[]).includes(action))
      return problem(409, `Action ${action} is not valid for a pod in status ${current}.`);
    if (action === 'terminate') {
      pods.delete(pod.id);
      return answer(204);
    }
    if (action === 'stop') pod.desired = 'EXITED';
    else {
      pod.desired = 'RUNNING';
      pod.startedAt = now();
    }
    return answer(200, view(pod));
  }

  /** The routes on one pod; undefined for a method and path they do not serve. */
  function one(method: string, id: string, action: boolean, body: any): Answer | undefined {
    const pod = pods.get(id);
    if (!pod) return problem(404, 'The requested Pod does not exist.');
    if (method === 'GET' && !action) return answer(200, view(pod));
    if (method === 'DELETE' && !action) {
      pods.delete(pod.id);
      return answer(204);
    }
    if (method === 'POST' && action) return act(pod, body);
    return undefined;
  }

  return {
    list,
    create,
    one,
    remove: (id: string) => void pods.delete(id),
    summary: () => [...pods.values()].map((pod) => ({ id: pod.id, name: pod.name, status: status(pod) })),
  };
}
