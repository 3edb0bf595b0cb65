/**
 * Keeps the local Auth emulator's accounts on disk, so sign-ins survive a restart and a crash of `npm start`.
 * The emulator imports them at start (`--import`) and exports on a clean exit (`--export-on-exit`); between the two,
 * this saves every account after each new or changed one, in the very format of the emulator's own export
 * (`AUTH_EMULATOR_EXPORT_DIR/firebase-export-metadata.json` and
 * `AUTH_EMULATOR_EXPORT_DIR/auth_export/{accounts,config}.json`, read through the same REST endpoints the emulator
 * hub uses), each file written to a temporary name, synced and renamed, so a crash leaves the previous save or the
 * new one, never half of one. Only for the emulator `npm start` runs itself: a real Firebase project
 * keeps its own accounts, and the config refuses the setting in production.
 *
 * The emulator keeps passwords readable in its export (it is a test double), so the files are the owner's alone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const EXPORT_METADATA = 'firebase-export-metadata.json';
const AUTH_DIR = 'auth_export';
const TIMEOUT_MS = 3_000;

export interface EmulatorAccounts {
  /** host:port of the emulator. */
  host: string;
  projectId: string;
  /** The directory the emulator is started with `--import` and `--export-on-exit`. */
  dir: string;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
}

async function read(url: string): Promise<string> {
  // "Bearer owner" is the emulator's admin credential; it means nothing to a real project.
  const response = await fetch(url, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} for ${url}`);
  return response.text();
}

/** Whether `dir` holds a save the emulator can import. */
export const hasSavedAccounts = async (dir: string): Promise<boolean> =>
  fs.access(path.join(dir, EXPORT_METADATA)).then(
    () => true,
    () => false,
  );

/**
 * `save()` writes the accounts as they are now; calls while one runs share the next run, so a burst of sign-ups
 * costs two exports and the last change is always in the last one.
 */
export function emulatorAccountSaver({ host, projectId, dir }: EmulatorAccounts) {
  const base = `http://${host}`;
  let last = '';
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  async function saveNow(): Promise<void> {
    const [accounts, config] = await Promise.all([
      read(
        `${base}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:batchGet?maxResults=-1`,
      ),
      read(`${base}/emulator/v1/projects/${encodeURIComponent(projectId)}/config`),
    ]);
    if (accounts + config === last) return;
    await fs.mkdir(path.join(dir, AUTH_DIR), { recursive: true, mode: 0o700 });
    await writeAtomically(path.join(dir, AUTH_DIR, 'accounts.json'), accounts);
    await writeAtomically(path.join(dir, AUTH_DIR, 'config.json'), config);
    await writeAtomically(
      path.join(dir, EXPORT_METADATA),
      JSON.stringify({ version: 'nxn', auth: { version: 'nxn', path: AUTH_DIR } }, null, 2),
    );
    last = accounts + config;
  }

  function save(): Promise<void> {
    if (!running) {
      running = saveNow().finally(() => (running = undefined));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return save();
      });
    return queued;
  }
  return { save };
}

export type AccountSaver = ReturnType<typeof emulatorAccountSaver>;
