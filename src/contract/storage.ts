/** What a user has stored and may store: the quota shown in the account and the uploads they can delete. */
import { z } from 'zod';
import { cleanFileName, FILE_NAME_MAX } from './text.ts';

/** `POST /files/upload?name=`: the raw body's display name. */
export const UploadQuery = z.object({
  name: z.string().trim().min(1).max(FILE_NAME_MAX).transform(cleanFileName).optional(),
});

/** A generated file as a record links it. The URL is signed and short-lived: usable as <video>, <audio> or <img> src, or a download link, without headers. */
export const linkedFileSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type LinkedFile = z.infer<typeof linkedFileSchema>;

export const StorageUsage = z.object({ used: z.number().int(), quota: z.number().int() });
export type StorageUsage = z.infer<typeof StorageUsage>;

/** `GET /uploads`: the user's own uploaded files, newest first. `inUse`: a video being made needs it. */
export const UploadList = z.object({
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
      inUse: z.boolean(),
    }),
  ),
  storage: StorageUsage,
});
export type UploadList = z.infer<typeof UploadList>;

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Sizes as people read them: "820 KB", "4.2 MB", "1.9 GB" (units of 1024, one decimal below ten). */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / KB)} KB`;
  const [unit, name] = bytes < GB ? [MB, 'MB'] : [GB, 'GB'];
  const value = bytes / unit;
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${name}`;
}

export const storageFullMessage = ({ used, quota }: StorageUsage): string =>
  `Your storage is full: ${formatBytes(used)} of ${formatBytes(quota)} used. Delete uploads you no longer need.`;
