/**
 * The account's brand kit: settings, the logo (checked like any image a video takes) and the snapshot a new video
 * takes of it. A replaced or removed logo's file is deleted unless a video being made still needs it; such a file
 * stays in the user's storage, where they can delete it once the video has finished.
 */
import {
  type BrandKit,
  type BrandKitSettings,
  type BrandSnapshot,
  brandSnapshot,
  DEFAULT_BRAND_KIT,
} from '~/contract/brand.ts';
import type { Database } from '~/server/db/index.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { uploadMedia } from '~/server/media/upload.ts';
import { deleteOwnedFiles, type FileLinker } from '~/server/storage/links.ts';
import { type BrandKitRow, findBrandKit, logosInUse, replaceLogo, saveBrandSettings } from './store.ts';

const logoOf = (row: BrandKitRow | undefined) =>
  row?.logoFileId && row.logoWidth && row.logoHeight
    ? { fileId: row.logoFileId, width: row.logoWidth, height: row.logoHeight }
    : null;

/** What a new video of this account takes: null until the kit was saved or given a logo. */
export const brandKitSource =
  (database: Database) =>
  async (uid: string): Promise<{ applyByDefault: boolean; snapshot: BrandSnapshot } | null> => {
    const row = await findBrandKit(database.db, uid);
    if (!row) return null;
    return { applyByDefault: row.settings.applyByDefault, snapshot: brandSnapshot(row.settings, logoOf(row)) };
  };

export function brandService(deps: Pick<ApiDeps, 'database' | 'storage' | 'config'>) {
  const { database, storage } = deps;

  async function kit(uid: string, link: FileLinker): Promise<BrandKit> {
    const row = await findBrandKit(database.db, uid);
    const logo = logoOf(row);
    return {
      settings: row?.settings ?? DEFAULT_BRAND_KIT,
      logo: logo ? { ...logo, url: link(logo.fileId) } : null,
      saved: Boolean(row),
    };
  }

  async function dropLogo(uid: string, fileId: string | null): Promise<void> {
    if (!fileId || (await logosInUse(database.db, uid)).has(fileId)) return;
    await deleteOwnedFiles(database, storage, uid, [fileId]);
  }

  return {
    kit,
    async save(uid: string, settings: BrandKitSettings, link: FileLinker): Promise<BrandKit> {
      await saveBrandSettings(database.db, uid, settings);
      return kit(uid, link);
    },
    async uploadLogo(
      uid: string,
      contentType: string | undefined,
      body: AsyncIterable<Uint8Array>,
      link: FileLinker,
    ): Promise<BrandKit> {
      const { row, width, height } = await uploadMedia(deps, uid, contentType, body, { clips: false });
      const previous = await replaceLogo(database.db, uid, { fileId: row.id, width, height });
      await dropLogo(uid, previous);
      return kit(uid, link);
    },
    async removeLogo(uid: string, link: FileLinker): Promise<BrandKit> {
      await dropLogo(uid, await replaceLogo(database.db, uid, null));
      return kit(uid, link);
    },
  };
}
