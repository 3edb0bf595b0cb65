/** Child process that draws designed backgrounds, so a busy server keeps answering while pixels are computed. */
import { serveWorker } from '../worker-pool.ts';
import { type BackgroundSpec, drawBackground } from './designed.ts';
import { encodePng } from './png.ts';

serveWorker<BackgroundSpec, Uint8Array>(
  (spec) => new Uint8Array(encodePng(drawBackground(spec), spec.width, spec.height)),
);
