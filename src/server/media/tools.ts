/**
 * Whether this machine has what the media library runs: ffmpeg with the caption filter and the H.264 encoder,
 * ffprobe, and the fonts captions and brand cards are drawn with. Run by a worker when it starts (and again while
 * something is missing), so a server without them says so instead of failing every video.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BRAND_FONTS } from '~/contract/brand.ts';
import type { MissingTool } from '~/contract/system-tools.ts';
import { FFMPEG_ENV } from '~/server/config/media-env.ts';

/** Where Debian's font packages put their TrueType files; libass and the card drawing read them from here. */
export const FONTS_DIR = '/usr/share/fonts/truetype';

/**
 * The font folders under FONTS_DIR and the Debian packages that fill them (the same list as
 * scripts/ensure-system-deps.sh): the brand kit's fonts, and the fallbacks libass uses for other alphabets.
 */
const FONT_PACKAGES: Record<string, string> = {
  dejavu: 'fonts-dejavu-core',
  liberation2: 'fonts-liberation2',
  noto: 'fonts-noto-core',
  nanum: 'fonts-nanum',
  wqy: 'fonts-wqy-microhei',
};
const FALLBACK_FONT_DIRS = ['noto', 'nanum', 'wqy'];

const CHECK_TIMEOUT_MS = 15_000;

/** The program's standard output, or the reason it did not run (not on PATH, failed, too slow). */
export function commandOutput(
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ ok: true; stdout: string } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    // Without `env` the program inherits this process's environment.
    execFile(
      command,
      args,
      { ...(env ? { env } : {}), timeout: CHECK_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout) => {
        if (!error) return resolve({ ok: true, stdout });
        const code = (error as NodeJS.ErrnoException).code;
        resolve({
          ok: false,
          reason:
            code === 'ENOENT'
              ? `${command} is not on the PATH`
              : `${command} ${args.join(' ')} failed: ${error.message.split('\n')[0]}`,
        });
      },
    );
  });
}

async function ffmpegProblem(): Promise<string | null> {
  const filters = await commandOutput('ffmpeg', ['-hide_banner', '-filters'], FFMPEG_ENV);
  if (!filters.ok) return filters.reason;
  // Captions are burned in with libass; a build without it cannot draw them.
  if (!/^\s*\S+\s+ass\s/m.test(filters.stdout)) return 'ffmpeg has no "ass" filter (built without libass)';
  const encoders = await commandOutput('ffmpeg', ['-hide_banner', '-encoders'], FFMPEG_ENV);
  if (!encoders.ok) return encoders.reason;
  if (!/\slibx264\s/.test(encoders.stdout)) return 'ffmpeg has no libx264 encoder';
  return null;
}

function missingFonts(fontsDir: string): { files: string[]; packages: string[] } {
  const wanted = [...BRAND_FONTS.map((font) => font.file), ...FALLBACK_FONT_DIRS];
  const files = wanted.filter((file) => !existsSync(path.join(fontsDir, file)));
  const packages = [...new Set(files.map((file) => FONT_PACKAGES[file.split('/')[0]!] ?? 'fonts-dejavu-core'))];
  return { files, packages };
}

/** What the media library lacks on this machine; empty when everything is there. */
export async function checkMediaTools(fontsDir = FONTS_DIR): Promise<MissingTool[]> {
  const missing: MissingTool[] = [];
  const [ffmpeg, ffprobe] = await Promise.all([
    ffmpegProblem(),
    commandOutput('ffprobe', ['-hide_banner', '-version'], FFMPEG_ENV),
  ]);
  if (ffmpeg) missing.push({ tool: 'ffmpeg', packages: ['ffmpeg'], problem: ffmpeg });
  if (!ffprobe.ok) missing.push({ tool: 'ffprobe', packages: ['ffmpeg'], problem: ffprobe.reason });
  const fonts = missingFonts(fontsDir);
  if (fonts.files.length > 0) {
    missing.push({
      tool: 'caption-fonts',
      packages: fonts.packages,
      problem: `not found under ${fontsDir}: ${fonts.files.join(', ')}`,
    });
  }
  return missing;
}
