/** `ROLE=worker` in its own process for tests, with the remote test kind registered. Env: DATABASE_URL, DATA_DIR. */
import { loadConfig } from '~/server/config/index.ts';
import { startWorker } from '~/server/jobs/worker.ts';
import './remote-jobs.ts';

const worker = await startWorker({ config: loadConfig({ ...process.env, ROLE: 'worker', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }) });
process.send?.('ready');
process.once('SIGTERM', () => void worker.close().then(() => process.exit(0)));
