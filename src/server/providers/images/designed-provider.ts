/** The offline default image provider: designed abstract backgrounds, drawn in a child process. */
import { WorkerPool } from '../worker-pool.ts';
import { BACKGROUND_STYLES, type BackgroundSpec, type BackgroundStyle } from './designed.ts';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types.ts';

export interface DesignedImageProvider extends ImageProvider {
  close(): Promise<void>;
}

const isStyle = (style: string | undefined): style is BackgroundStyle =>
  (BACKGROUND_STYLES as readonly string[]).includes(style ?? '');

/** Largest side we draw; far above any video frame (a 5-minute pan margin included). */
const MAX_SIDE = 8192;

export function createDesignedImageProvider(): DesignedImageProvider {
  const pool = new WorkerPool<BackgroundSpec, Uint8Array>(new URL('./image-worker.ts', import.meta.url), { size: 2 });
  return {
    id: 'designed',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const { width, height } = request;
      if (
        !Number.isInteger(width) ||
        !Number.isInteger(height) ||
        width < 16 ||
        height < 16 ||
        width > MAX_SIDE ||
        height > MAX_SIDE
      ) {
        throw new RangeError(`Image size must be whole pixels between 16 and ${MAX_SIDE}`);
      }
      const spec: BackgroundSpec = { prompt: request.prompt, width, height, seed: request.seed ?? 0 };
      if (isStyle(request.style)) spec.style = request.style;
      const bytes = await pool.run(spec, { signal: request.signal });
      return { png: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), width, height };
    },
    close: () => pool.close(),
  };
}
