/** Child process that draws designed backgrounds, so a busy server keeps answering while pixels are computed. */

import { encodePng } from '../../media/png.ts';
import { serveWorker } from '../worker-pool.ts';
import { type BackgroundSpec, drawBackground } from './designed.ts';

serveWorker<BackgroundSpec, Uint8Array>(
  (spec) => new Uint8Array(encodePng(drawBackground(spec), spec.width, spec.height)),
);
