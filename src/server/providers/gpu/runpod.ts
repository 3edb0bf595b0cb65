/**
 * RunPod through its REST API v2 (https://api.runpod.io/v2, Bearer key; field names as in RunPod's v2 OpenAPI
 * schema): the GPU catalog with prices and stock, and pods: create, list, get, state actions, delete. A pod is running
 * once RunPod reports it RUNNING with a direct SSH endpoint (its published 22/tcp); before that it is still being
 * provisioned. Jupyter and other HTTP ports are reached through RunPod's proxy, https://<podId>-<port>.proxy.runpod.net.
 */
import { ProviderError } from '../http.ts';
import { restClient } from './rest.ts';
import {
  CAPACITY_MESSAGE,
  type CreateMachine,
  type GpuProvider,
  type Machine,
  machineName,
  NoCapacityError,
  type ProviderOffer,
  TEMPLATE_IMAGES,
  TEMPLATE_PORTS,
  tagOf,
} from './types.ts';

const SERVICE = 'RunPod';
/** RunPod's price for a stopped pod's volume: $0.20 per GB and month (its pricing page; the v2 catalog has no storage prices). */
const STOPPED_USD_PER_GB_HOUR = 0.2 / 730;
const CONTAINER_DISK_GB = 20;
const MAX_VOLUME_GB = 2000;
/** The GPU counts offered per type and cloud (each one its own availability question to the catalog). */
const GPU_COUNTS = [1, 2] as const;

type Cloud = 'SECURE' | 'COMMUNITY';
type Availability = 'NONE' | 'LOW' | 'MEDIUM' | 'HIGH';

/** One entry of GET /v2/catalog/gpus (`availability` only with include=AVAILABILITY&product=POD). */
export interface RunpodGpuType {
  id: string;
  name: string;
  memory: number;
  secure: boolean;
  community: boolean;
  /** Per GPU and hour, in dollars. */
  price: { secure: number; community: number };
  maxCount: { secure: number; community: number };
  availability?: Availability;
}

export type RunpodPodStatus = 'PROVISIONING' | 'STARTING' | 'RUNNING' | 'EXITED' | 'ERROR' | 'TERMINATED';

interface RunpodSshEndpoint {
  host: string;
  port: number;
  username: string;
  command: string;
}

/** The fields of a v2 Pod this adapter reads. */
export interface RunpodPod {
  id: string;
  name: string;
  status: RunpodPodStatus;
  ports: string[];
  /** `direct` is null unless 22/tcp is published and the pod runs; `proxy` carries an interactive shell only. */
  ssh: { proxy: RunpodSshEndpoint | null; direct: RunpodSshEndpoint | null } | null;
}

const CLOUDS: { cloud: Cloud; label: string; key: 'secure' | 'community' }[] = [
  { cloud: 'SECURE', label: 'Secure cloud', key: 'secure' },
  { cloud: 'COMMUNITY', label: 'Community cloud', key: 'community' },
];

/** Offer keys: "<cloud>|<count>|<gpu type id>" (GPU type ids contain spaces, never "|"). */
const offerKey = (cloud: Cloud, count: number, gpuTypeId: string) => `${cloud}|${count}|${gpuTypeId}`;
function parseOfferKey(key: string): { cloud: string; count: number; gpuTypeId: string } {
  const [cloud = '', count = '', ...rest] = key.split('|');
  return { cloud, count: Number(count), gpuTypeId: rest.join('|') };
}

export function toMachine(pod: RunpodPod): Machine {
  const direct = pod.ssh?.direct ?? null;
  const state = podState(pod.status, direct !== null);
  return {
    id: pod.id,
    tag: tagOf(pod.name),
    state,
    ssh: state === 'running' && direct ? { host: direct.host, port: direct.port, user: direct.username } : null,
    links:
      state === 'running'
        ? pod.ports
            .filter((port) => port.endsWith('/http'))
            .map((port) => {
              const number = Number(port.split('/')[0]);
              const known = Object.values(TEMPLATE_PORTS)
                .flat()
                .find((entry) => entry.port === number);
              return { label: known?.label ?? `HTTP ${number}`, url: `https://${pod.id}-${number}.proxy.runpod.net` };
            })
        : [],
  };
}

function podState(status: RunpodPodStatus, reachable: boolean): Machine['state'] {
  switch (status) {
    case 'ERROR':
      return 'failed';
    case 'TERMINATED':
      return 'terminated';
    case 'EXITED':
      return 'stopped';
    case 'RUNNING':
      return reachable ? 'running' : 'provisioning';
    default:
      return 'provisioning';
  }
}

/** v2 answers a create RunPod cannot place with a 400 whose only hint is the wording of `detail`. */
const capacityError = (error: unknown) =>
  error instanceof ProviderError && error.kind !== 'auth' && CAPACITY_MESSAGE.test(error.detail ?? '')
    ? new NoCapacityError(SERVICE, error.detail ?? '')
    : error;

export function createRunpodProvider(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  sandbox: boolean;
}): GpuProvider {
  const rest = restClient(SERVICE, options.baseUrl, options.apiKey, options.timeoutMs);
  const isStatus = (error: unknown, status: number) => error instanceof ProviderError && error.status === status;
  const podPath = (id: string) => `/v2/pods/${encodeURIComponent(id)}`;

  /** Stock differs by cloud and GPU count, and the catalog answers one (cloud, count) per request. */
  const catalog = (cloud: Cloud, count: number) =>
    rest.call<{ gpus: RunpodGpuType[] }>(
      'GET',
      `/v2/catalog/gpus?include=AVAILABILITY&product=POD&cloud=${cloud}&count=${count}`,
    );

  /**
   * A state action the pod is already past answers 409 ("not valid for the current status"): a stop or start
   * repeated after a lost answer is done, anything else is reported.
   */
  async function act(machineId: string, action: 'stop' | 'start', done: RunpodPodStatus[]) {
    try {
      await rest.call('POST', `${podPath(machineId)}/action`, { action });
    } catch (error) {
      if (isStatus(error, 409)) {
        const pod = await rest.call<RunpodPod>('GET', podPath(machineId));
        if (done.includes(pod.status)) return;
      }
      throw action === 'start' ? capacityError(error) : error;
    }
  }

  return {
    name: 'runpod',
    supportsStop: true,
    sandbox: options.sandbox,
    async listOffers() {
      // One question at a time: a 429 or an outage stops the rest instead of spending the rate limit on them.
      const answers: { cloud: (typeof CLOUDS)[number]; count: number; gpus: RunpodGpuType[] }[] = [];
      for (const cloud of CLOUDS)
        for (const count of GPU_COUNTS) answers.push({ cloud, count, gpus: (await catalog(cloud.cloud, count)).gpus });
      return answers.flatMap(({ cloud, count, gpus }) =>
        gpus
          .filter((type) => type[cloud.key] && count <= type.maxCount[cloud.key] && type.price[cloud.key] > 0)
          .map(
            (type): ProviderOffer => ({
              key: offerKey(cloud.cloud, count, type.id),
              gpuModel: type.name,
              gpuCount: count,
              vramGb: type.memory,
              // The v2 catalog and create body say nothing of vCPUs or RAM: RunPod picks the host.
              vcpus: null,
              ramGb: null,
              maxDiskGb: MAX_VOLUME_GB,
              region: cloud.label,
              available: type.availability !== undefined && type.availability !== 'NONE',
              usdPerHour: type.price[cloud.key] * count,
              stoppedUsdPerHourPerGb: STOPPED_USD_PER_GB_HOUR,
              templates: ['pytorch-jupyter', 'comfyui', 'ubuntu-ssh', 'custom'],
            }),
          ),
      );
    },
    async create(request: CreateMachine) {
      const { cloud, count, gpuTypeId } = parseOfferKey(request.offerKey);
      const ports = [...TEMPLATE_PORTS[request.template].map((entry) => `${entry.port}/http`), '22/tcp'];
      try {
        const pod = await rest.call<RunpodPod>('POST', '/v2/pods', {
          name: machineName(request.tag),
          image: request.template === 'custom' ? request.image : TEMPLATE_IMAGES[request.template],
          gpu: { id: gpuTypeId, count },
          cloud,
          disk: CONTAINER_DISK_GB,
          // v2 marks the host-local persistent mount deprecated in favour of network volumes, but it is the one
          // storage that lives and dies with the pod and survives a stop, which is what a rental's disk is.
          mounts: { persistent: { size: request.diskGb, path: '/workspace' } },
          ports,
          // RunPod's images install PUBLIC_KEY for root's SSH login. startSsh alone would inject the keys registered on
          // RunPod's account, not the user's; the docs say a PUBLIC_KEY in the request wins over that injection.
          env: { PUBLIC_KEY: request.sshPublicKey },
          startSsh: true,
        });
        return toMachine(pod);
      } catch (error) {
        throw capacityError(error);
      }
    },
    async get(machineId) {
      try {
        return toMachine(await rest.call<RunpodPod>('GET', podPath(machineId)));
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },
    async findByTag(tag) {
      // GET /v2/pods has no name filter (its only parameter is includeClusterPods) and no paging: the whole list, filtered here.
      const name = machineName(tag);
      const { pods } = await rest.call<{ pods: RunpodPod[] }>('GET', '/v2/pods');
      return pods.filter((pod) => pod.name === name).map(toMachine);
    },
    async listTagged() {
      return (await rest.call<{ pods: RunpodPod[] }>('GET', '/v2/pods')).pods
        .map(toMachine)
        .filter((machine) => machine.tag !== null);
    },
    async stop(machineId) {
      await act(machineId, 'stop', ['EXITED']);
    },
    async start(machineId) {
      await act(machineId, 'start', ['PROVISIONING', 'STARTING', 'RUNNING']);
    },
    async terminate(machineId) {
      try {
        await rest.call('DELETE', podPath(machineId));
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
    },
  };
}
