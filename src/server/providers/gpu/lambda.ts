/**
 * Lambda Cloud through its API v1 (instance types, launch and terminate, instances, SSH keys). Lambda machines
 * cannot be stopped and resumed: they run until terminated. Its images are Lambda Stack (PyTorch with Jupyter on
 * Ubuntu), so the PyTorch and plain-SSH templates fit and custom images do not.
 */
import { createHash } from 'node:crypto';
import { ProviderError } from '../http.ts';
import { restClient } from './rest.ts';
import {
  CAPACITY_MESSAGE,
  type GpuProvider,
  type Machine,
  machineName,
  NoCapacityError,
  type ProviderOffer,
  tagOf,
} from './types.ts';

const SERVICE = 'Lambda';

export interface LambdaInstanceType {
  instance_type: {
    name: string;
    description: string;
    gpu_description: string;
    price_cents_per_hour: number;
    specs: { vcpus: number; memory_gib: number; storage_gib: number; gpus: number };
  };
  regions_with_capacity_available: { name: string; description: string }[];
}

export interface LambdaInstance {
  id: string;
  name: string | null;
  ip: string | null;
  status: 'booting' | 'active' | 'unhealthy' | 'terminating' | 'terminated';
  jupyter_url?: string | null;
}

/** Offer keys: "<region>|<instance type>". */
const offerKey = (region: string, type: string) => `${region}|${type}`;

export function toLambdaMachine(instance: LambdaInstance): Machine {
  const state: Machine['state'] =
    instance.status === 'booting'
      ? 'provisioning'
      : instance.status === 'terminating' || instance.status === 'terminated'
        ? 'terminated'
        : 'running';
  const running = state === 'running' && Boolean(instance.ip);
  return {
    id: instance.id,
    tag: tagOf(instance.name),
    state: state === 'running' && !instance.ip ? 'provisioning' : state,
    ssh: running && instance.ip ? { host: instance.ip, port: 22, user: 'ubuntu' } : null,
    links: running && instance.jupyter_url ? [{ label: 'Jupyter', url: instance.jupyter_url }] : [],
  };
}

export function createLambdaProvider(options: { apiKey: string; baseUrl: string; timeoutMs: number }): GpuProvider {
  const rest = restClient(SERVICE, options.baseUrl, options.apiKey, options.timeoutMs);
  const notFound = (error: unknown) => error instanceof ProviderError && error.status === 404;

  /** Lambda launches with key names, so the user's key is registered once under a name derived from it. */
  async function keyName(publicKey: string): Promise<string> {
    const name = `nxn-${createHash('sha256').update(publicKey.trim()).digest('hex').slice(0, 16)}`;
    const keys = await rest.call<{ data: { name: string }[] }>('GET', '/api/v1/ssh-keys');
    if (!keys.data.some((key) => key.name === name))
      await rest.call('POST', '/api/v1/ssh-keys', { name, public_key: publicKey.trim() });
    return name;
  }

  return {
    name: 'lambda',
    supportsStop: false,
    sandbox: false,
    async listOffers() {
      const { data } = await rest.call<{ data: Record<string, LambdaInstanceType> }>('GET', '/api/v1/instance-types');
      return Object.values(data).flatMap(
        ({ instance_type: type, regions_with_capacity_available: regions }): ProviderOffer[] => {
          const vram = Number(/(\d+)\s*GB/i.exec(type.gpu_description)?.[1] ?? 0);
          const base = {
            gpuModel: type.gpu_description.replace(/\s*\(.*\)\s*$/, ''),
            gpuCount: type.specs.gpus,
            vramGb: vram,
            vcpus: type.specs.vcpus,
            ramGb: type.specs.memory_gib,
            maxDiskGb: type.specs.storage_gib,
            usdPerHour: type.price_cents_per_hour / 100,
            stoppedUsdPerHourPerGb: 0,
            templates: ['pytorch-jupyter', 'ubuntu-ssh'] as ProviderOffer['templates'],
          };
          if (regions.length === 0)
            return [{ ...base, key: offerKey('', type.name), region: 'No region free', available: false }];
          return regions.map((region) => ({
            ...base,
            key: offerKey(region.name, type.name),
            region: region.description || region.name,
            available: true,
          }));
        },
      );
    },
    async create(request) {
      const [region = '', type = ''] = request.offerKey.split('|');
      try {
        const { data } = await rest.call<{ data: { instance_ids: string[] } }>(
          'POST',
          '/api/v1/instance-operations/launch',
          {
            region_name: region,
            instance_type_name: type,
            ssh_key_names: [await keyName(request.sshPublicKey)],
            name: machineName(request.tag),
            quantity: 1,
          },
        );
        const id = data.instance_ids[0];
        if (!id) throw new ProviderError('bad_output', `${SERVICE} did not say which machine it launched.`);
        return (await this.get(id)) ?? { id, tag: request.tag, state: 'provisioning', ssh: null, links: [] };
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'rejected' && CAPACITY_MESSAGE.test(error.detail ?? ''))
          throw new NoCapacityError(SERVICE, error.detail ?? '');
        throw error;
      }
    },
    async get(machineId) {
      try {
        return toLambdaMachine(
          (await rest.call<{ data: LambdaInstance }>('GET', `/api/v1/instances/${encodeURIComponent(machineId)}`)).data,
        );
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async findByTag(tag) {
      const name = machineName(tag);
      const { data } = await rest.call<{ data: LambdaInstance[] }>('GET', '/api/v1/instances');
      return data.filter((instance) => instance.name === name).map(toLambdaMachine);
    },
    async listTagged() {
      const { data } = await rest.call<{ data: LambdaInstance[] }>('GET', '/api/v1/instances');
      return data.map(toLambdaMachine).filter((machine) => machine.tag !== null);
    },
    stop() {
      return Promise.reject(new ProviderError('rejected', 'Lambda machines cannot be stopped, only terminated.'));
    },
    start() {
      return Promise.reject(new ProviderError('rejected', 'Lambda machines cannot be stopped, only terminated.'));
    },
    async terminate(machineId) {
      try {
        await rest.call('POST', '/api/v1/instance-operations/terminate', { instance_ids: [machineId] });
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    },
  };
}
