/** 16-bit PCM WAV files: the format narration is cached in between stages. */

export interface PcmAudio {
  /** Interleaved signed 16-bit samples. */
  pcm: Int16Array;
  sampleRate: number;
  channels: number;
}

export function encodeWav({ pcm, sampleRate, channels }: PcmAudio): Buffer {
  const dataBytes = pcm.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, dataBytes);
  return Buffer.concat([header, data]);
}

export function decodeWav(file: Buffer): PcmAudio {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('Not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (file.readUInt16LE(body) !== 1 || file.readUInt16LE(body + 14) !== 16)
        throw new Error('Only 16-bit PCM WAV is supported');
      channels = file.readUInt16LE(body + 2);
      sampleRate = file.readUInt32LE(body + 4);
    } else if (id === 'data') {
      // Streamed WAVs leave the size unset; the data then runs to the end of the file.
      const end = size === 0 || size === 0xffffffff ? file.length : Math.min(file.length, body + size);
      const bytes = file.subarray(body, end - ((end - body) % 2));
      const pcm = new Int16Array(bytes.length / 2);
      Buffer.from(pcm.buffer).set(bytes);
      if (!sampleRate) throw new Error('WAV data before its format');
      return { pcm, sampleRate, channels };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}

/** Gain that brings the loudest sample to `targetPeak` (0..1); never boosts silence into noise by more than 4x. */
export function normalizingGain(tracks: readonly Int16Array[], targetPeak = 0.89): number {
  let peak = 0;
  for (const track of tracks) for (let i = 0; i < track.length; i++) peak = Math.max(peak, Math.abs(track[i]!));
  return peak === 0 ? 1 : Math.min(4, (targetPeak * 32767) / peak);
}
