/** The watermark studio's requests that the API answers with pictures, and how a refused request is told. */
import { toast } from 'sonner';
import { handleStudioError } from '~/app/components/request-errors';
import type { WatermarkBox } from '~/contract/watermark';
import { ApiError, api } from '~/lib/api/client';
import { openTopUp } from '~/stores/top-up';

/** Answers a refused request: the top-up dialog when credits are short, field errors or a toast otherwise. */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.status === 402) {
    const body = error.body as { needed?: number; available?: number } | undefined;
    openTopUp(
      body?.needed !== undefined && body.available !== undefined ? { shortBy: body.needed - body.available } : {},
    );
    return;
  }
  const fields = handleStudioError(error);
  const first = Object.values(fields)[0];
  if (first) toast.error(first);
}

/**
 * Hands what `load` gives to `use`, unless the returned cleanup ran first (the screen moved on): then `discard` gets
 * it instead, and a failure is not reported.
 */
export function whileLive<T>(
  load: Promise<T>,
  use: (value: T) => void,
  discard: (value: T) => void = () => undefined,
): () => void {
  let live = true;
  load.then(
    (value) => (live ? use(value) : discard(value)),
    (error: unknown) => live && reportError(error),
  );
  return () => {
    live = false;
  };
}

/** A frame (JPEG) or a clip (MP4) rendered by the API, as an object URL the page owns. */
export async function fetchPreview(
  id: string,
  boxes: WatermarkBox[],
  atS: number,
  kind: 'frame' | 'clip',
): Promise<string> {
  const response = await api.send(`/watermark-removal/${id}/preview`, { method: 'POST', body: { boxes, atS, kind } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return URL.createObjectURL(await response.blob());
}

/** A frame of the clean copy (JPEG), as an object URL the page owns. */
export async function fetchResultFrame(id: string, atS: number): Promise<string> {
  const response = await api.send(`/watermark-removal/${id}/result-frame`, { method: 'POST', body: { atS } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return URL.createObjectURL(await response.blob());
}
