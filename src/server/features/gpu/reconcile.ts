/**
 * The worker's GPU loop: every tick it mirrors each open rental from its provider and settles its credits
 * (service.ts `sync`). It keeps nothing in memory that matters: after a restart the first tick picks every rental up
 * from the database, including a create that was cut off half-way.
 */
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import type { Logger } from '~/server/http/logger.ts';
import { createGpuProviders } from '~/server/providers/gpu/index.ts';
import { createGpuService, type GpuService } from './service.ts';

export interface GpuReconcilerDeps {
  config: ServerConfig;
  database: Database;
  log: Logger;
  service?: GpuService;
}

export function startGpuReconciler(deps: GpuReconcilerDeps): { close(): Promise<void> } {
  const { config, log } = deps;
  const service =
    deps.service ??
    createGpuService({ config: config.gpu, database: deps.database, providers: createGpuProviders(config.gpu), log });
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return; // a slow provider must not stack passes
    busy = true;
    running = service
      .reconcileAll()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, 'GPU reconcile failed'),
      )
      .finally(() => (busy = false));
  };
  tick();
  const timer = setInterval(tick, config.gpu.tickSeconds * 1000);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
