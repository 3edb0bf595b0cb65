/** Minimal PNG writer for 8-bit RGB pixels (no dependency; zlib and CRC-32 come with Node). */
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * `rgb` holds width × height × 3 bytes, row by row. Rows use the "Sub" filter, which suits smooth gradients with
 * fine grain; level 3 deflate is the point past which files barely shrink but encoding slows down a lot.
 */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  if (rgb.length !== width * height * 3) throw new Error('Pixel buffer does not match the image size');
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const src = y * stride;
    const dst = y * (stride + 1);
    raw[dst] = 1;
    for (let i = 0; i < 3; i++) raw[dst + 1 + i] = rgb[src + i]!;
    for (let i = 3; i < stride; i++) raw[dst + 1 + i] = (rgb[src + i]! - rgb[src + i - 3]!) & 0xff;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
