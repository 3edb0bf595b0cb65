/**
 * Presets: the built-in ones (src/contract/presets.ts) and the user's own. Another user's preset, like an id that
 * names nothing, is "not found"; built-in ones can be read and applied but not changed or deleted.
 */

import { isUuid } from '~/contract/ids.ts';
import {
  BUILT_IN_PRESET_MESSAGE,
  BUILT_IN_PRESETS,
  isBuiltInPresetId,
  MAX_PRESETS,
  type Preset,
  type PresetList,
  type PresetRequest,
  presetNamed,
} from '~/contract/presets.ts';
import type { VideoSettings } from '~/contract/video.ts';
import type { Database } from '~/server/db/index.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import * as store from './store.ts';

const NOT_FOUND = 'Preset not found';

const toPreset = (row: store.PresetRow): Preset => ({
  id: row.id,
  name: row.name,
  builtIn: false,
  settings: row.settings,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findAny(database: Database, uid: string, id: string): Promise<Preset | undefined> {
  if (isBuiltInPresetId(id)) return BUILT_IN_PRESETS.find((preset) => preset.id === id);
  if (!isUuid(id)) return undefined;
  const row = await store.findPreset(database.db, uid, id);
  return row && toPreset(row);
}

/** The built-in presets, then the user's own, as GET /presets lists them. */
async function allPresets(database: Database, uid: string): Promise<Preset[]> {
  const own = await store.listPresets(database.db, uid);
  return [...BUILT_IN_PRESETS, ...own.map(toPreset)];
}

/**
 * A preset's settings by id or name for this user (built-in or their own), or null when it names none of them: the hook
 * other features get from api/app.ts (a batch row that names a preset), never importing this feature.
 */
export const presetSource =
  (database: Database) =>
  async (uid: string, idOrName: string): Promise<VideoSettings | null> =>
    presetNamed(await allPresets(database, uid), idOrName)?.settings ?? null;
export type PresetSource = ReturnType<typeof presetSource>;

export function presetService(database: Database) {
  const refuseBuiltIn = (id: string) => {
    if (isBuiltInPresetId(id) && BUILT_IN_PRESETS.some((preset) => preset.id === id))
      throw new HttpError(403, BUILT_IN_PRESET_MESSAGE);
  };

  return {
    async list(uid: string): Promise<PresetList> {
      return { items: await allPresets(database, uid) };
    },
    async get(uid: string, id: string): Promise<Preset> {
      const preset = await findAny(database, uid, id);
      if (!preset) throw notFound(NOT_FOUND);
      return preset;
    },
    async create(uid: string, request: PresetRequest): Promise<Preset> {
      if ((await store.countPresets(database.db, uid)) >= MAX_PRESETS)
        throw new HttpError(409, `You can keep up to ${MAX_PRESETS} presets; delete one you no longer use first.`);
      return toPreset(await store.insertPreset(database.db, uid, request.name, request.settings));
    },
    async update(uid: string, id: string, request: PresetRequest): Promise<Preset> {
      refuseBuiltIn(id);
      const row = isUuid(id) ? await store.updatePreset(database.db, uid, id, request.name, request.settings) : null;
      if (!row) throw notFound(NOT_FOUND);
      return toPreset(row);
    },
    async remove(uid: string, id: string): Promise<void> {
      refuseBuiltIn(id);
      if (!isUuid(id) || !(await store.deletePreset(database.db, uid, id))) throw notFound(NOT_FOUND);
    },
  };
}
