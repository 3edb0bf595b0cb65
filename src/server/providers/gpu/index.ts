/** The GPU clouds this deployment rents from: each one with a key, or the RunPod sandbox when none has one. */
import type { ServerConfig } from '~/server/config/index.ts';
import { createLambdaProvider } from './lambda.ts';
import { createRunpodProvider } from './runpod.ts';
import type { GpuProvider } from './types.ts';

export type { CreateMachine, GpuProvider, Machine, MachineState, ProviderOffer } from './types.ts';
export { NoCapacityError } from './types.ts';

export function createGpuProviders(config: ServerConfig['gpu']): GpuProvider[] {
  const providers: GpuProvider[] = [];
  const { runpod, lambda, timeoutMs } = config;
  if (runpod.apiKey)
    providers.push(
      createRunpodProvider({ apiKey: runpod.apiKey, baseUrl: runpod.baseUrl, timeoutMs, sandbox: config.sandbox }),
    );
  if (lambda.apiKey)
    providers.push(createLambdaProvider({ apiKey: lambda.apiKey, baseUrl: lambda.baseUrl, timeoutMs }));
  return providers;
}
