/** Stage `store`: the finished files saved somewhere lasting; what the saver answers is kept in the manifest. */
import { isAbortError, MediaError } from '../errors.ts';
import type { Manifest, VideoOutputs } from './manifest.ts';

export type StoreOutputs = (outputs: VideoOutputs, signal?: AbortSignal) => Promise<unknown>;

export async function store(
  outputs: VideoOutputs,
  save: StoreOutputs | undefined,
  signal: AbortSignal | undefined,
): Promise<Pick<Manifest, 'stored'>> {
  if (!save) return {};
  try {
    return { stored: await save(outputs, signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError("We couldn't save the finished video. Please try again.", 'store', { cause: error });
  }
}
