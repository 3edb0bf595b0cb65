/**
 * RunPod through its REST API (pods: create, list, get, stop, start, delete; GPU types). A pod is running once
 * RunPod reports it RUNNING with its SSH port mapped; before that it is still being provisioned. Jupyter and other
 * HTTP ports are reached through RunPod's proxy, https://<podId>-<port>.proxy.runpod.net.
 */
import { ProviderError } from '../http.ts';
import { restClient } from './rest.ts';
import {
  CAPACITY_MESSAGE,
  machineName,
  NoCapacityError,
  tagOf,
  TEMPLATE_IMAGES,
  TEMPLATE_PORTS,
  type CreateMachine,
  type GpuProvider,
  type Machine,
  type ProviderOffer,
} from './types.ts';

const SERVICE = 'RunPod';
/** RunPod's price for a stopped pod's volume: $0.20 per GB and month. */
const STOPPED_USD_PER_GB_HOUR = 0.2 / 730;
const CONTAINER_DISK_GB = 20;
const MAX_VOLUME_GB = 2000;

/** One entry of GET /gpu-types. */
export interface RunpodGpuType {
  id: string;
  displayName: string;
  memoryInGb: number;
  secureCloud: boolean;
  communityCloud: boolean;
  securePrice: number | null;
  communityPrice: number | null;
  maxGpuCount: number;
  /** Per GPU, on the cheapest machine that has it. */
  lowestPrice: { minVcpu: number; minMemory: number; stockStatus: 'High' | 'Medium' | 'Low' | null } | null;
}

/** The fields of a pod this adapter reads. */
export interface RunpodPod {
  id: string;
  name: string;
  desiredStatus: 'RUNNING' | 'EXITED' | 'TERMINATED';
  /** Newer API versions report the lifecycle directly. */
  status?: 'PROVISIONING' | 'STARTING' | 'RUNNING' | 'EXITED' | 'ERROR' | 'TERMINATED';
  publicIp: string | null;
  portMappings: Record<string, number> | null;
  ports: string[];
}

const CLOUDS = [
  { cloudType: 'SECURE', label: 'Secure cloud', on: (t: RunpodGpuType) => t.secureCloud, price: (t: RunpodGpuType) => t.securePrice },
  { cloudType: 'COMMUNITY', label: 'Community cloud', on: (t: RunpodGpuType) => t.communityCloud, price: (t: RunpodGpuType) => t.communityPrice },
] as const;

/** Offer keys: "<cloud>|<count>|<gpu type id>" (GPU type ids contain spaces, never "|"). */
const offerKey = (cloudType: string, count: number, gpuTypeId: string) => `${cloudType}|${count}|${gpuTypeId}`;
function parseOfferKey(key: string): { cloudType: string; count: number; gpuTypeId: string } {
  const [cloudType = '', count = '', ...rest] = key.split('|');
  return { cloudType, count: Number(count), gpuTypeId: rest.join('|') };
}

export function toMachine(pod: RunpodPod): Machine {
  const sshPort = pod.portMappings?.['22'];
  const reachable = Boolean(pod.publicIp && sshPort);
  const state = podState(pod, reachable);
  return {
    id: pod.id,
    tag: tagOf(pod.name),
    state,
    ssh: state === 'running' && pod.publicIp && sshPort ? { host: pod.publicIp, port: sshPort, user: 'root' } : null,
    links:
      state === 'running'
        ? pod.ports.filter((port) => port.endsWith('/http')).map((port) => {
            const number = Number(port.split('/')[0]);
            const known = Object.values(TEMPLATE_PORTS).flat().find((entry) => entry.port === number);
            return { label: known?.label ?? `HTTP ${number}`, url: `https://${pod.id}-${number}.proxy.runpod.net` };
          })
        : [],
  };
}

function podState(pod: RunpodPod, reachable: boolean): Machine['state'] {
  if (pod.status === 'ERROR') return 'failed';
  if (pod.desiredStatus === 'TERMINATED' || pod.status === 'TERMINATED') return 'terminated';
  if (pod.desiredStatus === 'EXITED' || pod.status === 'EXITED') return 'stopped';
  if (pod.status) return pod.status === 'RUNNING' && reachable ? 'running' : 'provisioning';
  return reachable ? 'running' : 'provisioning';
}

export function createRunpodProvider(options: { apiKey: string; baseUrl: string; timeoutMs: number; sandbox: boolean }): GpuProvider {
  const rest = restClient(SERVICE, options.baseUrl, options.apiKey, options.timeoutMs);
  const notFound = (error: unknown) => error instanceof ProviderError && error.status === 404;

  return {
    name: 'runpod',
    supportsStop: true,
    sandbox: options.sandbox,
    async listOffers() {
      const types = await rest.call<RunpodGpuType[]>('GET', '/gpu-types');
      return types.flatMap((type) =>
        CLOUDS.filter((cloud) => cloud.on(type) && cloud.price(type) !== null).flatMap((cloud) =>
          [1, 2, 4, 8]
            .filter((count) => count <= type.maxGpuCount)
            .slice(0, 2)
            .map(
              (count): ProviderOffer => ({
                key: offerKey(cloud.cloudType, count, type.id),
                gpuModel: type.displayName,
                gpuCount: count,
                vramGb: type.memoryInGb,
                vcpus: (type.lowestPrice?.minVcpu ?? 4) * count,
                ramGb: (type.lowestPrice?.minMemory ?? 16) * count,
                maxDiskGb: MAX_VOLUME_GB,
                region: cloud.label,
                available: Boolean(type.lowestPrice?.stockStatus),
                usdPerHour: (cloud.price(type) ?? 0) * count,
                stoppedUsdPerHourPerGb: STOPPED_USD_PER_GB_HOUR,
                templates: ['pytorch-jupyter', 'comfyui', 'ubuntu-ssh', 'custom'],
              }),
            ),
        ),
      );
    },
    async create(request: CreateMachine) {
      const { cloudType, count, gpuTypeId } = parseOfferKey(request.offerKey);
      const ports = [...TEMPLATE_PORTS[request.template].map((entry) => `${entry.port}/http`), '22/tcp'];
      try {
        const pod = await rest.call<RunpodPod>('POST', '/pods', {
          name: machineName(request.tag),
          imageName: request.template === 'custom' ? request.image : TEMPLATE_IMAGES[request.template],
          gpuTypeIds: [gpuTypeId],
          gpuCount: count,
          cloudType,
          containerDiskInGb: CONTAINER_DISK_GB,
          volumeInGb: request.diskGb,
          volumeMountPath: '/workspace',
          ports,
          supportPublicIp: true,
          // RunPod's images install this key for root's SSH login.
          env: { PUBLIC_KEY: request.sshPublicKey },
        });
        return toMachine(pod);
      } catch (error) {
        if (error instanceof ProviderError && error.kind !== 'auth' && CAPACITY_MESSAGE.test(error.detail ?? '')) throw new NoCapacityError(SERVICE, error.detail ?? '');
        throw error;
      }
    },
    async get(machineId) {
      try {
        return toMachine(await rest.call<RunpodPod>('GET', `/pods/${encodeURIComponent(machineId)}`));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async findByTag(tag) {
      const name = machineName(tag);
      const pods = await rest.call<RunpodPod[]>('GET', `/pods?name=${encodeURIComponent(name)}`);
      return pods.filter((pod) => pod.name === name).map(toMachine);
    },
    async listTagged() {
      return (await rest.call<RunpodPod[]>('GET', '/pods')).map(toMachine).filter((machine) => machine.tag !== null);
    },
    async stop(machineId) {
      await rest.call('POST', `/pods/${encodeURIComponent(machineId)}/stop`);
    },
    async start(machineId) {
      try {
        await rest.call('POST', `/pods/${encodeURIComponent(machineId)}/start`);
      } catch (error) {
        if (error instanceof ProviderError && CAPACITY_MESSAGE.test(error.detail ?? '')) throw new NoCapacityError(SERVICE, error.detail ?? '');
        throw error;
      }
    },
    async terminate(machineId) {
      try {
        await rest.call('DELETE', `/pods/${encodeURIComponent(machineId)}`);
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    },
  };
}
