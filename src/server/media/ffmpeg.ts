/** Running ffmpeg and ffprobe: real progress from `-progress`, cancellation that kills the process. */
import { spawn } from 'node:child_process';
import { FFMPEG_ENV } from '~/server/config/media-env.ts';

export interface FfmpegRun {
  /** Called with 0..1 as the output timestamp advances. */
  onProgress?: (fraction: number) => void;
  /** Output length, to turn timestamps into a fraction. */
  durationMs?: number;
  signal?: AbortSignal | undefined;
  /** Called with the child's pid once it runs (benchmarks sample its memory). */
  onSpawn?: (pid: number) => void;
  /** Called with the number of frames written so far (from `-progress`). */
  onFrame?: (frames: number) => void;
}

export class FfmpegError extends Error {
  readonly stderr: string;

  constructor(message: string, stderr: string) {
    super(message);
    this.name = 'FfmpegError';
    this.stderr = stderr;
  }
}

/** The program is not on this machine's PATH: a set-up problem to report, not a failed render. */
export class ToolNotInstalledError extends FfmpegError {
  readonly tool: string;

  constructor(tool: string) {
    super(`${tool} is not installed`, '');
    this.name = 'ToolNotInstalledError';
    this.tool = tool;
  }
}

const STDERR_LIMIT = 16_000;

/** `stdout`: collect it, read `-progress` from it, or hand the child this file descriptor to write to. */
function run(
  command: string,
  args: readonly string[],
  options: FfmpegRun,
  stdoutMode: 'collect' | 'progress' | number,
): Promise<Buffer> {
  const { signal } = options;
  const collectStdout = stdoutMode === 'collect';
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: FFMPEG_ENV,
      stdio: ['ignore', typeof stdoutMode === 'number' ? stdoutMode : 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stderr = '';
    const stdout: Buffer[] = [];
    let pending = '';
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });

    // stderr is always a pipe; only stdout may be handed over.
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_LIMIT);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (collectStdout) {
        stdout.push(chunk);
        return;
      }
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // ffmpeg 5 reports microseconds under both out_time_us and (misnamed) out_time_ms.
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && options.durationMs)
          options.onProgress?.(Math.min(1, Number(match[1]) / 1000 / options.durationMs));
        const frame = /^frame=(\d+)/.exec(line);
        if (frame) options.onFrame?.(Number(frame[1]));
      }
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(new ToolNotInstalledError(command));
      else reject(new FfmpegError(`${command} could not start: ${error.message}`, stderr));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted)
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      else if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new FfmpegError(`${command} failed (${killedBy ?? `exit ${code}`})`, stderr));
    });
  });
}

export async function runFfmpeg(args: readonly string[], options: FfmpegRun = {}): Promise<void> {
  await run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args],
    options,
    'progress',
  );
  options.onProgress?.(1);
}

/** ffmpeg writing to `pipe:1`: the output's bytes (a frame, an image, a short clip), never a whole video. */
export function ffmpegOutput(args: readonly string[], signal?: AbortSignal): Promise<Buffer> {
  return run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { signal }, 'collect');
}

/** ffmpeg writing `pipe:1` straight into an open file descriptor (a named pipe another ffmpeg reads). */
export async function ffmpegInto(args: readonly string[], fd: number, signal?: AbortSignal): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { signal }, fd);
}

export interface ProbeResult {
  durationMs: number;
  size: number;
  /** ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  streams: Array<{
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    color_space?: string;
    color_primaries?: string;
    color_transfer?: string;
    color_range?: string;
    avg_frame_rate?: string;
    nb_frames?: string;
    side_data_list?: Array<{ rotation?: number }>;
    sample_rate?: string;
    channels?: number;
  }>;
}

export async function probe(path: string, signal?: AbortSignal): Promise<ProbeResult> {
  const out = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { signal },
    'collect',
  );
  const json = JSON.parse(out.toString('utf8')) as {
    format?: { duration?: string; size?: string; format_name?: string };
    streams?: ProbeResult['streams'];
  };
  return {
    durationMs: Math.round(Number(json.format?.duration ?? 0) * 1000),
    size: Number(json.format?.size ?? 0),
    formatName: json.format?.format_name ?? '',
    streams: json.streams ?? [],
  };
}

/** Escapes a value for an option inside a filtergraph (both the option and the graph level). */
export const filterValue = (value: string): string => value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');
