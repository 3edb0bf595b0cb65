/**
 * The programs and files a worker needs on its machine to make media, what is missing, and how that is said: to the
 * person on the create screen, in a failed job, and to whoever runs the server (the Debian packages to install).
 */
import { z } from 'zod';

export const SYSTEM_TOOLS = ['ffmpeg', 'ffprobe', 'caption-fonts', 'festival'] as const;
export type SystemTool = (typeof SYSTEM_TOOLS)[number];

export const missingToolSchema = z.object({
  tool: z.enum(SYSTEM_TOOLS),
  /** The Debian packages that bring it (scripts/ensure-system-deps.sh installs the same). */
  packages: z.array(z.string()),
  /** For operators: what was looked for and not found. */
  problem: z.string(),
});
export type MissingTool = z.infer<typeof missingToolSchema>;

/** `GET /videos/availability`: whether this server can make videos now, and if not, the sentence to show. */
export const renderAvailabilitySchema = z.object({
  ready: z.boolean(),
  message: z.string().nullable(),
  missing: z.array(missingToolSchema),
});
export type RenderAvailability = z.infer<typeof renderAvailabilitySchema>;

/** What every video needs; Festival only matters to the Festival voice, which is offered only where it is installed. */
export const VIDEO_TOOLS: readonly SystemTool[] = ['ffmpeg', 'ffprobe', 'caption-fonts'];

const LABELS: Record<SystemTool, string> = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  'caption-fonts': 'the caption fonts',
  festival: 'Festival',
};

const listed = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "ffmpeg, ffprobe and the caption fonts", each tool once, in a fixed order. */
export const missingNames = (missing: readonly MissingTool[]): string =>
  listed(SYSTEM_TOOLS.filter((tool) => missing.some((m) => m.tool === tool)).map((tool) => LABELS[tool]));

/** The one command that installs everything missing on Debian or Ubuntu. */
export const installCommand = (missing: readonly MissingTool[]): string =>
  `sudo apt-get install -y --no-install-recommends ${[...new Set(missing.flatMap((m) => m.packages))].join(' ')}`;

/** `doing`: what the server cannot do, e.g. "make videos". */
export const cannotDoYet = (doing: string): string => `This server cannot ${doing} yet.`;

/** The create screen's and the refused request's sentence. */
export const toolsMissingMessage = (doing: string, missing: readonly MissingTool[]): string =>
  `${cannotDoYet(doing)} It is missing ${missingNames(missing)}. Whoever runs it can install ${missing.length > 1 ? 'them' : 'it'} with: ${installCommand(missing)}`;

/** A job that failed because the server is not set up: what is wrong, and that it cost nothing. */
export const setupFailureMessage = (doing: string, missing: readonly MissingTool[]): string =>
  `${cannotDoYet(doing)} It is missing ${missingNames(missing)}, so this could not be made. No credits were charged.`;
