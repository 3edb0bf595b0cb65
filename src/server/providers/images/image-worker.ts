/** Child process that draws designed backgrounds, so a busy server keeps answering while pixels are computed. */
import { serveWorker } from '../worker-pool.ts';
import { drawBackground, type BackgroundSpec } from './designed.ts';
import { encodePng } from './png.ts';

serveWorker<BackgroundSpec, Uint8Array>((spec) => new Uint8Array(encodePng(drawBackground(spec), spec.width, spec.height)));
