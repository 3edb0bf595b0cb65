/**
 * A streaming ZIP writer: entries are written as their bytes arrive and never held whole, so a batch of a hundred
 * videos downloads in constant memory. Entries are stored, not deflated (MP4 is compressed already). Each entry's
 * CRC-32 and size follow its data in a data descriptor (general-purpose flag bit 3), so nothing needs reading
 * twice; ZIP64 records are added when an offset or size passes 4 GiB, which a hundred long 1080p videos can.
 */
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The entry's bytes, read only when the archive reaches it. */
  open(): Promise<AsyncIterable<Uint8Array>>;
  modified?: Date;
}

const MAX32 = 0xffffffff;
const UTF8_NAMES = 1 << 11;
const DATA_DESCRIPTOR = 1 << 3;

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  stamp: { time: number; date: number };
}

function localHeader(name: Buffer, stamp: Written['stamp']): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(45, 4); // version needed: ZIP64
  header.writeUInt16LE(UTF8_NAMES | DATA_DESCRIPTOR, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // CRC and sizes are 0 here: the data descriptor after the data carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** ZIP64's descriptor (8-byte sizes) for an entry past 4 GiB, the classic one otherwise. */
function dataDescriptor(crc: number, size: number): Buffer {
  const large = size >= MAX32;
  const descriptor = Buffer.alloc(large ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (large) {
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
  }
  return descriptor;
}

function centralEntry(entry: Written): Buffer {
  const needs64 = entry.size >= MAX32 || entry.offset >= MAX32;
  const extra = needs64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (needs64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by Unix, ZIP 4.5
  header.writeUInt16LE(45, 6);
  header.writeUInt16LE(UTF8_NAMES | DATA_DESCRIPTOR, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.stamp.time, 12);
  header.writeUInt16LE(entry.stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(needs64 ? MAX32 : entry.size, 20);
  header.writeUInt32LE(needs64 ? MAX32 : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(needs64 ? MAX32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function endRecords(count: number, directoryOffset: number, directorySize: number): Buffer {
  const parts: Buffer[] = [];
  const needs64 = count >= 0xffff || directoryOffset >= MAX32 || directorySize >= MAX32;
  if (needs64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(44n, 4);
    end64.writeUInt16LE(45, 12);
    end64.writeUInt16LE(45, 14);
    end64.writeBigUInt64LE(BigInt(count), 24);
    end64.writeBigUInt64LE(BigInt(count), 32);
    end64.writeBigUInt64LE(BigInt(directorySize), 40);
    end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(end64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** The archive's bytes, entry after entry; each entry is opened only when the previous one is written. */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const stamp = dosDateTime(entry.modified ?? new Date());
    const header = localHeader(name, stamp);
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += size + descriptor.length;
    written.push({ name, crc, size, offset: start, stamp });
  }
  const directory = Buffer.concat(written.map(centralEntry));
  yield directory;
  yield endRecords(written.length, offset, directory.length);
}
