/**
 * `node --import` this (after tsx) to append the URL of every module the process loads to MODULE_LOG, one a
 * line. Synchronous hooks (Node 24) see both `import` and `require`, in this thread.
 */
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const out = process.env['MODULE_LOG'];
if (out) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(out, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
