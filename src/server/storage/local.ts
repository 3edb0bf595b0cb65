import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertKey, type ByteRange, type Storage } from './types.ts';

/** False when the two paths are on different file systems, where only a copy will do. */
async function moved(from: string, to: string): Promise<boolean> {
  try {
    await fs.rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
    throw error;
  }
}

/** Files under DATA_DIR/files. Writes go to a temp name first so a reader never sees half a file. */
export function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, assertKey(key));
  return {
    driver: 'local',
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        if (body instanceof Uint8Array) await fs.writeFile(temp, body);
        else if (!body.move || !(await moved(body.path, temp))) await fs.copyFile(body.path, temp);
        await fs.rename(temp, target);
      } catch (error) {
        // A full disk must not leave half a file behind.
        await fs.rm(temp, { force: true });
        throw error;
      }
      return { size: (await fs.stat(target)).size };
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(file(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async stream(key, range?: ByteRange) {
      let size: number;
      try {
        size = (await fs.stat(file(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const stream = createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size, ...(range ? { range } : {}) };
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async directUrl() {
      return undefined;
    },
  };
}
