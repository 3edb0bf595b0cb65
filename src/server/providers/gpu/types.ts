/**
 * One interface for every GPU cloud. The rental feature speaks only this: offers to show, and machines it creates,
 * finds by tag, reads, stops, starts and terminates. Each machine carries a tag (the rental's id) in its name, so
 * the feature can always ask "does a machine for this rental already exist?" before creating one.
 */
import type { GpuProviderName, GpuTemplate } from '~/contract/gpu.ts';
import { ProviderError } from '../http.ts';

export interface ProviderOffer {
  /** Stable key of the offer within its provider (GPU type and cloud, instance type and region). */
  key: string;
  gpuModel: string;
  gpuCount: number;
  vramGb: number;
  /** Null when the provider does not say (RunPod v2 chooses the host without publishing its vCPUs or RAM). */
  vcpus: number | null;
  ramGb: number | null;
  maxDiskGb: number;
  region: string;
  available: boolean;
  /** What the provider charges us per hour while it runs, in dollars. */
  usdPerHour: number;
  /** What it charges per hour for a stopped machine's disk of `diskGb`; 0 when it keeps nothing. */
  stoppedUsdPerHourPerGb: number;
  templates: GpuTemplate[];
}

export type MachineState = 'provisioning' | 'running' | 'stopped' | 'terminated' | 'failed';

export interface Machine {
  id: string;
  /** The rental id the machine was created for, read back from its name. */
  tag: string | null;
  state: MachineState;
  ssh: { host: string; port: number; user: string } | null;
  links: { label: string; url: string }[];
}

export interface CreateMachine {
  tag: string;
  offerKey: string;
  template: GpuTemplate;
  image: string;
  diskGb: number;
  sshPublicKey: string;
}

export interface GpuProvider {
  name: GpuProviderName;
  /** Can a machine be stopped and started again (keeping its disk)? */
  supportsStop: boolean;
  /** A local simulation: offers and machines are labelled, nothing real runs. */
  sandbox: boolean;
  listOffers(signal?: AbortSignal): Promise<ProviderOffer[]>;
  create(request: CreateMachine): Promise<Machine>;
  /** Null when the provider no longer knows the machine. */
  get(machineId: string): Promise<Machine | null>;
  /** Machines whose name carries this tag (normally none or one). */
  findByTag(tag: string): Promise<Machine[]>;
  /** Every machine of the account named by this product (tag set). */
  listTagged(): Promise<Machine[]>;
  stop(machineId: string): Promise<void>;
  start(machineId: string): Promise<void>;
  /** Ends the machine; a machine already gone counts as terminated. */
  terminate(machineId: string): Promise<void>;
}

/** The provider has no machine of that kind free: the launch fails at once and costs nothing. */
export class NoCapacityError extends ProviderError {
  constructor(service: string, detail: string) {
    super(
      'rejected',
      `${service} has no machine of this kind free right now. Choose another offer or try again later.`,
      { detail },
    );
    this.name = 'NoCapacityError';
  }
}

/** RunPod v2 says "could not be placed" in its docs; the v1-era wordings stay for Lambda and older answers. */
export const CAPACITY_MESSAGE =
  /capacity|no longer any instances available|not enough .*available|could not be placed/i;

/** Machines are named "nxn-<rental id>" so a person looking at the provider's console knows whose they are. */
export const machineName = (tag: string): string => `nxn-${tag}`;
export const tagOf = (name: string | null | undefined): string | null =>
  name?.startsWith('nxn-') ? name.slice(4) : null;

/** The images behind each template. A custom template runs the user's own image. */
export const TEMPLATE_IMAGES: Record<Exclude<GpuTemplate, 'custom'>, string> = {
  'pytorch-jupyter': 'runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04',
  comfyui: 'runpod/comfyui:latest',
  'ubuntu-ssh': 'runpod/base:0.6.2-cuda12.4.1',
};

/** The HTTP ports each template serves, for the proxy links. */
export const TEMPLATE_PORTS: Record<GpuTemplate, { port: number; label: string }[]> = {
  'pytorch-jupyter': [{ port: 8888, label: 'Jupyter' }],
  comfyui: [{ port: 8188, label: 'ComfyUI' }],
  'ubuntu-ssh': [],
  custom: [{ port: 8888, label: 'HTTP 8888' }],
};
