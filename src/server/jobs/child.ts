/**
 * Entry of a forked job process (see runner.ts). It imports the handler's module, which registers the kind in
 * this process too, runs one attempt and reports back over IPC, then exits.
 */
import { getJobDefinition } from './registry.ts';
import { describeError, makeContext, type FromChild, type ToChild } from './runner.ts';

const send = (message: FromChild): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) throw new Error('child.ts must be started with an IPC channel');
    process.send(message, undefined, {}, () => resolve());
  });

const abort = new AbortController();

async function run(start: Extract<ToChild, { type: 'start' }>): Promise<void> {
  try {
    await import(start.module);
    const def = getJobDefinition(start.kind);
    if (!def) throw new Error(`Module ${start.module} did not register job kind "${start.kind}"`);
    const ctx = makeContext(
      { jobId: start.jobId, uid: start.uid, payload: start.payload, attempt: start.attempt, signal: abort.signal },
      start.config,
      (stage, fraction) => void send({ type: 'progress', stage, fraction }),
      (file) => send({ type: 'file', file }),
    );
    const result = await def.run(ctx);
    await send({ type: 'done', result });
  } catch (error) {
    await send({ type: 'failed', error: describeError(error) });
  }
  process.exit(0);
}

process.on('message', (message: ToChild) => {
  if (message.type === 'abort') abort.abort(new Error('Job cancelled'));
  else void run(message);
});
// Orphaned (parent died): stop rather than run on unsupervised.
process.on('disconnect', () => process.exit(1));
