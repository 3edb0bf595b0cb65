/**
 * Entry of a forked job process (see runner.ts). It imports the handler the parent names, runs one attempt with
 * the parent's config and reports back over IPC, then exits.
 */
import { describeError, type FromChild, loadHandler, makeContext, type ToChild } from './runner.ts';

const send = (message: FromChild): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) throw new Error('child.ts must be started with an IPC channel');
    process.send(message, undefined, {}, () => resolve());
  });

const abort = new AbortController();

async function run(start: Extract<ToChild, { type: 'start' }>): Promise<void> {
  try {
    const handler = await loadHandler(start.handler);
    const ctx = makeContext(
      { jobId: start.jobId, uid: start.uid, payload: start.payload, attempt: start.attempt, signal: abort.signal },
      start.config,
      (stage, fraction) => void send({ type: 'progress', stage, fraction }),
      (file) => send({ type: 'file', file }),
    );
    const result = await handler(ctx);
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
