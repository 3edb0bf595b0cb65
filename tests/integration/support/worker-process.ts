/** `ROLE=worker` in its own process for tests, running the remote test kind. Env: DATABASE_URL, DATA_DIR. */
import { loadConfig } from '~/server/config/index.ts';
import { createJobRegistry } from '~/server/jobs/registry.ts';
import { startWorker } from '~/server/jobs/worker.ts';
import { remoteJobs } from './test-jobs.ts';

const worker = await startWorker({
  config: loadConfig({ ...process.env, ROLE: 'worker', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  jobs: createJobRegistry(remoteJobs),
});
process.send?.('ready');
process.once('SIGTERM', () => void worker.close().then(() => process.exit(0)));
