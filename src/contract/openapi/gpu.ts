/** GPU rental: the catalogue, your SSH keys and your rentals. A provider failure you can act on answers 424. */
import { z } from 'zod';
import { GpuCatalogue, LaunchBody, Rental, RentalList, SshKey, SshKeyBody } from '../gpu.ts';
import { type Endpoint, ID, OTHER_ID } from './types.ts';

const byId = { params: { id: ID } };
const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJT+ZFDR3DjFw8OphY9YDvfKWuuLwi7uOqITvbdu4Hnz laptop';
const PROVIDER_FAILED = 'The GPU provider refused: its message';
const action = (name: string, summary: string, charges = false): Endpoint => ({
  method: 'post',
  charges,
  path: `/gpu/rentals/:id/${name}`,
  tag: 'GPU rental',
  summary,
  answer: Rental,
  status: 200,
  errors: { 409: 'The rental cannot do this now (e.g. this provider cannot stop machines)', 424: PROVIDER_FAILED },
  example: byId,
});

export const gpuEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/gpu/offers',
    tag: 'GPU rental',
    summary: 'GPUs you can rent now',
    answer: GpuCatalogue,
    status: 200,
  },
  {
    method: 'get',
    path: '/gpu/ssh-keys',
    tag: 'GPU rental',
    summary: 'Your SSH keys',
    answer: z.object({ keys: z.array(SshKey) }),
    status: 200,
  },
  {
    method: 'post',
    path: '/gpu/ssh-keys',
    tag: 'GPU rental',
    summary: 'Add an SSH public key',
    body: SshKeyBody,
    answer: SshKey,
    idempotent: true,
    status: 201,
    errors: { 409: 'This key is already saved on your account' },
    example: { body: { name: 'Laptop', publicKey: PUBLIC_KEY } },
  },
  {
    method: 'delete',
    path: '/gpu/ssh-keys/:id',
    tag: 'GPU rental',
    summary: 'Remove an SSH key',
    status: 204,
    example: byId,
  },
  {
    method: 'post',
    path: '/gpu/rentals',
    tag: 'GPU rental',
    summary: 'Launch a GPU machine',
    description: 'Billed per minute from your credits while it runs; launches per hour are limited.',
    charges: true,
    body: LaunchBody,
    answer: Rental,
    idempotent: true,
    status: 201,
    errors: {
      409: 'No machine of this kind is free right now',
      424: 'The GPU provider refused the launch: its message',
    },
    example: {
      body: { offerId: 'runpod:NVIDIA RTX 4090', template: 'pytorch-jupyter', diskGb: 40, sshKeyId: OTHER_ID },
    },
  },
  { method: 'get', path: '/gpu/rentals', tag: 'GPU rental', summary: 'Your rentals', answer: RentalList, status: 200 },
  {
    method: 'get',
    path: '/gpu/rentals/:id',
    tag: 'GPU rental',
    summary: 'One rental',
    answer: Rental,
    status: 200,
    example: byId,
  },
  action('stop', 'Stop a rental (its disk is kept, at a lower rate)'),
  action('start', 'Start a stopped rental again', true),
  action('terminate', 'End a rental for good'),
];
