/**
 * What a batch needs of the videos feature: the same calls its own routes make. api/app.ts hands in the videos
 * feature's service, so this feature never imports another.
 */
import type { CreateVideoRequest, VideoRecord } from '~/contract/video.ts';
import type { FileLinker } from '~/server/storage/links.ts';

/** What a batch needs of the videos feature: the same calls its own routes make. */
export interface VideoMaker {
  defaultVoiceId(): Promise<string>;
  /** Why this server cannot narrate with `voiceId` (unknown voice, engine missing), or null. */
  voiceProblem(voiceId: string): Promise<string | null>;
  create(uid: string, request: CreateVideoRequest, idempotencyKey: string | undefined): Promise<{ videoId: string }>;
  records(uid: string, ids: readonly string[], link: FileLinker): Promise<Map<string, VideoRecord>>;
  cancel(uid: string, id: string): Promise<void>;
  retry(uid: string, id: string): Promise<void>;
}
