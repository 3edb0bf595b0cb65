export interface ImageHeader {
  width: number;
  height: number;
  /** Bytes one decoded pixel takes (channels × bytes per channel), an upper bound where the header leaves it open. */
  bytesPerPixel: number;
  /** 8, or 16 (12 for some JPEGs): a deeper image takes twice the memory to decode. */
  bitsPerChannel: number;
}

/** Decoded bytes per pixel by PNG colour type (palette images are expanded to RGBA by decoders). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 };

/**
 * Pixel size from the header of a PNG, JPEG or WebP file, without decoding it. For a JPEG it is the size as shown:
 * a phone photo stored sideways with an EXIF orientation of 5-8 reports its upright size, as browsers and the
 * renderer (ffmpeg applies the orientation) show it.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  const header = imageHeader(bytes);
  return header && { width: header.width, height: header.height };
}

/** Size and depth from the header: what decoding the image will cost, known before decoding it. */
export function imageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 26 && b.readUInt32BE(0) === 0x89504e47) {
    const bits = b[24]!;
    const channels = PNG_CHANNELS[b[25]!] ?? 4;
    return {
      width: b.readUInt32BE(16),
      height: b.readUInt32BE(20),
      bitsPerChannel: bits,
      bytesPerPixel: channels * Math.ceil(bits / 8),
    };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegDimensions(b);
  if (b.length >= 30 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') {
    const size = webpDimensions(b);
    return size && { ...size, bitsPerChannel: 8, bytesPerPixel: 4 };
  }
  return undefined;
}

function jpegDimensions(b: Buffer): ImageHeader | undefined {
  let pos = 2;
  let orientation = 1;
  while (pos + 9 < b.length) {
    if (b[pos] !== 0xff) return undefined;
    const marker = b[pos + 1]!;
    const length = b.readUInt16BE(pos + 2);
    if (marker === 0xe1) orientation = exifOrientation(b.subarray(pos + 4, pos + 2 + length)) ?? orientation;
    // Start-of-frame markers (baseline, progressive, …) carry the size; C4, C8 and CC are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const bits = b[pos + 4]!;
      const height = b.readUInt16BE(pos + 5);
      const width = b.readUInt16BE(pos + 7);
      const depth = { bitsPerChannel: bits, bytesPerPixel: b[pos + 9]! * Math.ceil(bits / 8) };
      // 5-8 turn the picture a quarter: width and height trade places.
      return orientation >= 5 && orientation <= 8
        ? { width: height, height: width, ...depth }
        : { width, height, ...depth };
    }
    pos += 2 + length;
  }
  return undefined;
}

/** The Orientation tag (0x0112) of an APP1 Exif segment's first IFD, if there is one. */
function exifOrientation(segment: Buffer): number | undefined {
  if (segment.length < 14 || segment.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = segment.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return undefined;
}

function webpDimensions(b: Buffer): { width: number; height: number } | undefined {
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}
