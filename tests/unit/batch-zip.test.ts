import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStream } from '~/server/features/batches/zip.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'nxn-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* chunks(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** What Python's zipfile (CRC-checked) and Info-ZIP's unzip read from the archive. */
function readBack(file: string) {
  const listing = execFileSync('python3', [
    '-c',
    'import zipfile,sys,json,hashlib;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,i.file_size,hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))',
    file,
  ]).toString();
  execFileSync('unzip', ['-tq', file]);
  return JSON.parse(listing) as [string, number, string][];
}

describe('the streaming ZIP writer', () => {
  it('writes entries as they arrive, opening each only when the previous one is written, readable by zip tools', async () => {
    const a = Buffer.alloc(300_000, 7);
    const b = Buffer.from('second entry, with a name in UTF-8');
    const opened: string[] = [];
    const entry = (name: string, bytes: Buffer) => ({
      name,
      open: async () => {
        opened.push(name);
        return chunks(bytes, 64 * 1024);
      },
    });
    const parts: Uint8Array[] = [];
    const stream = zipStream([
      entry('001 First.mp4', a),
      entry('002 Café.mp4', b),
      entry('003 Empty.mp4', Buffer.alloc(0)),
    ]);
    for await (const part of stream) {
      parts.push(part);
      // The second entry is not opened before the first one's bytes have gone out.
      if (parts.length === 2) expect(opened).toEqual(['001 First.mp4']);
    }
    const file = path.join(dir, 'three.zip');
    writeFileSync(file, Buffer.concat(parts));
    const sha = (bytes: Buffer) => execFileSync('sha256sum', { input: bytes }).toString().split(' ')[0];
    expect(readBack(file)).toEqual([
      ['001 First.mp4', a.length, sha(a)],
      ['002 Café.mp4', b.length, sha(b)],
      ['003 Empty.mp4', 0, sha(Buffer.alloc(0))],
    ]);
  });

  it('makes an empty archive that zip tools accept', async () => {
    const parts: Uint8Array[] = [];
    for await (const part of zipStream([])) parts.push(part);
    const file = path.join(dir, 'empty.zip');
    writeFileSync(file, Buffer.concat(parts));
    expect(
      execFileSync('python3', ['-c', 'import zipfile,sys;print(len(zipfile.ZipFile(sys.argv[1]).infolist()))', file])
        .toString()
        .trim(),
    ).toBe('0');
  });
});
