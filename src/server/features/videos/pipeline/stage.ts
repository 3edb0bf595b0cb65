/** What the runner gives every stage of a video's run, and the work-folder helpers the stages share. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CreateVideoRequest } from '~/contract/video.ts';

export interface StageRun {
  workDir: string;
  request: CreateVideoRequest;
  /** The video's frame. */
  width: number;
  height: number;
  signal: AbortSignal | undefined;
  /** How far the running stage is, 0..1. */
  progress(within: number): void;
}

/**
 * A stage's results per scene, kept in the manifest as each scene finishes, so a rerun resumes scene by scene.
 * `done[i]` is null until scene i is kept.
 */
export interface SceneLog<T> {
  readonly done: ReadonlyArray<T | null>;
  keep(index: number, value: T): Promise<void>;
}

export const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );

export const sceneFile = (dir: string, index: number, ext: string) =>
  path.join(dir, `scene-${String(index + 1).padStart(3, '0')}.${ext}`);
