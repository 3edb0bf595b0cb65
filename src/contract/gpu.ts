/**
 * GPU rental's wire contract and the rules the browser shows before the server applies them: the offer catalogue,
 * launch requests, rentals and their states, SSH public keys, and the per-minute price arithmetic.
 */
import { z } from 'zod';
import { textField } from './text.ts';

export const GPU_PROVIDERS = ['runpod', 'lambda'] as const;
export type GpuProviderName = (typeof GPU_PROVIDERS)[number];

/** Every label a sandbox offer or machine carries, so nobody mistakes it for a real GPU. */
export const SANDBOX_LABEL = 'Sandbox: no real GPU';

export const RENTAL_STATUSES = [
  'requested',
  'provisioning',
  'running',
  'stopping',
  'stopped',
  'terminated',
  'failed',
] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const GPU_TEMPLATES = ['pytorch-jupyter', 'comfyui', 'ubuntu-ssh', 'custom'] as const;
export type GpuTemplate = (typeof GPU_TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<GpuTemplate, string> = {
  'pytorch-jupyter': 'PyTorch with Jupyter',
  comfyui: 'ComfyUI',
  'ubuntu-ssh': 'Ubuntu with SSH',
  custom: 'Custom image',
};

export const GpuOffer = z.object({
  /** Opaque to the browser; sent back unchanged to launch. */
  id: z.string(),
  provider: z.enum(GPU_PROVIDERS),
  gpuModel: z.string(),
  gpuCount: z.number().int(),
  /** Per GPU. */
  vramGb: z.number(),
  /** Null when the provider does not publish them for the offer (RunPod picks the host). */
  vcpus: z.number().int().nullable(),
  ramGb: z.number().nullable(),
  /** Largest disk a launch may ask for. */
  maxDiskGb: z.number().int(),
  region: z.string(),
  available: z.boolean(),
  creditsPerHour: z.number().int(),
  /** Charged per hour while stopped (the disk the provider keeps) for a 50 GB disk; 0 when the provider keeps nothing. */
  stoppedCreditsPerHour: z.number().int(),
  /** The same per GB of disk, unrounded: `storageCreditsPerHour` turns it into the launch form's disk size's price. */
  stoppedCreditsPerGbHour: z.number().nonnegative(),
  /** Credits a launch holds for its first minutes (the unused part returns when the rental ends). */
  startCredits: z.number().int(),
  holdMinutes: z.number().int(),
  /** The hourly price in dollars, roughly (credits at their list value). */
  approxUsdPerHour: z.number(),
  supportsStop: z.boolean(),
  templates: z.array(z.enum(GPU_TEMPLATES)),
  /** SANDBOX_LABEL for sandbox offers, otherwise null. */
  sandboxLabel: z.string().nullable(),
});
export type GpuOffer = z.infer<typeof GpuOffer>;

export const GpuCatalogue = z.object({
  offers: z.array(GpuOffer),
  /** Providers that could not be asked just now (their offers are missing), with a reason for the person. */
  unavailable: z.array(z.object({ provider: z.enum(GPU_PROVIDERS), message: z.string() })),
  /** What one credit is worth in dollars, for the approximate figures. */
  usdPerCredit: z.number(),
});
export type GpuCatalogue = z.infer<typeof GpuCatalogue>;

/** What an SSH public key line looks like: type, base64 body, optional comment. */
const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
] as const;

/**
 * Checks an OpenSSH public key line and returns its normal form (type, body, comment), or an error message. The
 * base64 body must decode and name the same type inside, which catches keys cut short by copy and paste.
 */
export function parseSshPublicKey(
  raw: string,
): { ok: true; type: string; body: string; comment: string } | { ok: false; message: string } {
  const parts = raw.trim().split(/\s+/);
  const [type = '', body = '', ...rest] = parts;
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: 'Paste an OpenSSH public key starting with ssh-ed25519, ssh-rsa or ecdsa-sha2-….' };
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0)
    return { ok: false, message: 'The key is cut short or damaged: copy the whole line again.' };
  const bytes = base64Bytes(body);
  const nameLength =
    bytes.length >= 4 ? ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0 : -1;
  const inner =
    nameLength > 0 && nameLength + 4 <= bytes.length ? String.fromCharCode(...bytes.slice(4, 4 + nameLength)) : '';
  if (inner !== type || bytes.length < 4 + nameLength + 16)
    return { ok: false, message: 'The key is cut short or damaged: copy the whole line again.' };
  return { ok: true, type, body, comment: rest.join(' ') };
}

function base64Bytes(body: string): number[] {
  const binary = atob(body);
  return Array.from(binary, (char) => char.charCodeAt(0));
}

export const SshKeyBody = z.object({
  name: textField().trim().min(1, 'Give the key a name.').max(60),
  publicKey: textField()
    .max(16_384)
    .superRefine((key, ctx) => {
      const parsed = parseSshPublicKey(key);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
});
export type SshKeyBody = z.input<typeof SshKeyBody>;

export const SshKey = z.object({
  id: z.string(),
  name: z.string(),
  publicKey: z.string(),
  fingerprint: z.string(),
  createdAt: z.string(),
});
export type SshKey = z.infer<typeof SshKey>;

/** A Docker image reference, as a registry would accept it. */
const IMAGE =
  /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:(?::\d+)?\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

export const DISK_GB_MIN = 10;
export const DISK_GB_MAX = 2000;

export const LaunchBody = z
  .object({
    offerId: textField().min(1).max(300).describe('An offer id from GET /gpu/offers, e.g. "runpod:NVIDIA RTX 4090".'),
    template: z
      .enum(GPU_TEMPLATES, { error: 'Choose a template.' })
      .describe(
        'What the machine starts with: "pytorch-jupyter", "comfyui", "ubuntu-ssh", or "custom" with your own image.',
      ),
    image: textField()
      .trim()
      .max(255)
      .optional()
      .describe('With template "custom": the Docker image to run, e.g. "nvidia/cuda:12.4.1-runtime-ubuntu22.04".'),
    diskGb: z.coerce
      .number()
      .int('Whole gigabytes only.')
      .min(DISK_GB_MIN, `At least ${DISK_GB_MIN} GB.`)
      .max(DISK_GB_MAX, `At most ${DISK_GB_MAX} GB.`)
      .describe('Disk size in whole gigabytes.'),
    sshKeyId: z
      .uuid('Choose one of your SSH keys.')
      .describe('One of your SSH keys from GET /gpu/ssh-keys, installed on the machine.'),
  })
  .superRefine((body, ctx) => {
    if (body.template !== 'custom') return;
    if (!body.image)
      ctx.addIssue({
        code: 'custom',
        path: ['image'],
        message: 'Enter the image to run, e.g. nvidia/cuda:12.4.1-runtime-ubuntu22.04.',
      });
    else if (!IMAGE.test(body.image))
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'That is not a valid image name.' });
  });
export type LaunchBody = z.input<typeof LaunchBody>;
export type LaunchRequest = z.output<typeof LaunchBody>;

export const RentalLink = z.object({ label: z.string(), url: z.string() });

export const Rental = z.object({
  id: z.string().describe("The rental's id."),
  provider: z.enum(GPU_PROVIDERS).describe('The GPU cloud it runs on.'),
  status: z.enum(RENTAL_STATUSES).describe('Where the rental is in its life, from launching to ended.'),
  /** Why the rental is where it is when the user did not ask for it (auto-stop, a launch failure, the provider). */
  statusReason: z
    .string()
    .nullable()
    .describe(
      'Why it is where it is when you did not ask for it (auto-stop, a launch failure, the provider); else null.',
    ),
  gpuModel: z.string().describe('The GPU model.'),
  gpuCount: z.number().int().describe('How many GPUs.'),
  vramGb: z.number().describe('GPU memory in GB.'),
  region: z.string().describe("The provider's region."),
  template: z.enum(GPU_TEMPLATES).describe('The template it was launched with.'),
  image: z.string().describe('The Docker image it runs.'),
  diskGb: z.number().int().describe('Disk size in GB.'),
  creditsPerHour: z.number().int().describe('Credits an hour while running.'),
  stoppedCreditsPerHour: z.number().int().describe('Credits an hour while stopped (the disk kept).'),
  supportsStop: z.boolean().describe('Whether the provider can stop it and start it again, or only end it.'),
  /** Milliseconds of running time, all segments. */
  uptimeMs: z.number().int().describe('Milliseconds of running time, all segments.'),
  /** Credits this rental has cost so far, settled or not. */
  costSoFar: z.number().int().describe('Credits this rental has cost so far, settled or not.'),
  /** Minutes of running the user's credits still cover; null when not running. */
  minutesLeft: z
    .number()
    .int()
    .nullable()
    .describe('Minutes of running your credits still cover; null when not running.'),
  sandboxLabel: z
    .string()
    .nullable()
    .describe('Set on a sandbox machine (no real GPU behind it), so nobody mistakes it for one; else null.'),
  /** Present while running. */
  connection: z
    .object({
      ssh: z.string().nullable(),
      links: z.array(RentalLink),
    })
    .nullable()
    .describe('How to reach it (ssh command and links) while running; else null.'),
  createdAt: z.string().describe('When it was launched, ISO 8601.'),
  endedAt: z.string().nullable().describe('When it ended; null before.'),
});
export type Rental = z.infer<typeof Rental>;

export const RentalList = z.object({ rentals: z.array(Rental) });
export type RentalList = z.infer<typeof RentalList>;

/** How many minutes of credit left make the app warn. */
export const LOW_CREDIT_MINUTES = 15;

/** Running and stopped time are charged per started minute: 61 s is two minutes. */
export const startedMinutes = (ms: number): number => (ms <= 0 ? 0 : Math.ceil(ms / 60_000));

/**
 * What a stopped machine costs per hour: its disk at the per-GB rate, rounded up once (the rental row keeps this
 * figure, and the launch form shows it before the user rents).
 */
export const storageCreditsPerHour = (perGbHour: number, diskGb: number): number =>
  Math.max(0, Math.ceil(perGbHour * diskGb - 1e-9));

/** Credits to start a rental: its first minutes paid up front into a hold (the rest returns when it stops). */
export const startCredits = (creditsPerHour: number, holdMinutes: number): number =>
  Math.ceil((creditsPerHour * holdMinutes) / 60);
