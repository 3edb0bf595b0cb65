/**
 * The account's brand kit: a logo placed in a corner, two brand colours, a caption font and an intro and an outro
 * card. Both sides validate it with the same schema; the pure placement and timing rules live here too, so the
 * editor's preview and estimate use the numbers the renderer uses.
 *
 * A video takes a snapshot of the kit when it is accepted (`BrandSnapshot`), so editing the kit later never
 * changes a video already queued. Card seconds are part of the video: they count towards the 5-minute limit and
 * are charged like narrated seconds (per started minute of the finished video).
 */
import { z } from 'zod';

export const LOGO_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoCorner = (typeof LOGO_CORNERS)[number];
export const LOGO_CORNER_LABELS: Record<LogoCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

export const LOGO_SIZES = ['small', 'medium', 'large'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];
export const LOGO_SIZE_LABELS: Record<LogoSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
/** Logo width as a share of the frame's width; on 9:16 the frame is narrow, so a share of the width stays modest. */
export const LOGO_WIDTH_SHARE: Record<LogoSize, number> = { small: 0.1, medium: 0.15, large: 0.22 };

/**
 * Fonts a kit may choose for captions and cards: each is installed by scripts/ensure-system-deps.sh from a Debian
 * package (DejaVu: Bitstream Vera licence; Liberation: SIL OFL 1.1; Noto: SIL OFL 1.1), so libass and the card
 * drawing find them by name and file.
 */
export const BRAND_FONTS = [
  { id: 'dejavu-sans', name: 'DejaVu Sans', file: 'dejavu/DejaVuSans-Bold.ttf' },
  { id: 'dejavu-serif', name: 'DejaVu Serif', file: 'dejavu/DejaVuSerif-Bold.ttf' },
  { id: 'liberation-sans', name: 'Liberation Sans', file: 'liberation2/LiberationSans-Bold.ttf' },
  { id: 'liberation-serif', name: 'Liberation Serif', file: 'liberation2/LiberationSerif-Bold.ttf' },
  { id: 'noto-sans', name: 'Noto Sans', file: 'noto/NotoSans-Bold.ttf' },
  { id: 'noto-serif', name: 'Noto Serif', file: 'noto/NotoSerif-Bold.ttf' },
] as const;
export type BrandFontId = (typeof BRAND_FONTS)[number]['id'];
export const BRAND_FONT_IDS = BRAND_FONTS.map((f) => f.id) as [BrandFontId, ...BrandFontId[]];
export const brandFont = (id: BrandFontId) => BRAND_FONTS.find((f) => f.id === id)!;

export const CARD_SECONDS = { min: 2, max: 5, default: 3 } as const;
export const CARD_TEXT_MAX = 80;

/** Brand colours are written "#RRGGBB" and kept upper case. */
const hexColor = (what: string) =>
  z
    .string({ error: `Choose a ${what} colour.` })
    .regex(/^#[0-9A-Fa-f]{6}$/, 'Use a colour like #1E66F5.')
    .transform((hex) => hex.toUpperCase());

const cardSchema = (name: string) =>
  z.object({
    enabled: z.boolean({ error: `Turn the ${name} on or off.` }),
    text: z
      .string({ error: `Write the ${name}'s text.` })
      .trim()
      .max(CARD_TEXT_MAX, `Keep the ${name}'s text under ${CARD_TEXT_MAX} characters.`)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'Use one line of plain text.'),
    seconds: z
      .number({ error: `Set how long the ${name} shows.` })
      .int('Use whole seconds.')
      .min(CARD_SECONDS.min, `Cards show for ${CARD_SECONDS.min} to ${CARD_SECONDS.max} seconds.`)
      .max(CARD_SECONDS.max, `Cards show for ${CARD_SECONDS.min} to ${CARD_SECONDS.max} seconds.`),
  });
export type BrandCard = z.output<ReturnType<typeof cardSchema>>;

/** What PUT /brand-kit takes: everything but the logo image, which has its own upload. */
export const brandKitSettingsSchema = z
  .object({
    logo: z.object({
      corner: z.enum(LOGO_CORNERS, { error: 'Choose a corner for the logo.' }),
      size: z.enum(LOGO_SIZES, { error: 'Choose small, medium or large.' }),
      opacity: z
        .number({ error: 'Set the logo opacity.' })
        .int('Use a whole percentage.')
        .min(20, 'Logo opacity goes from 20 to 100%.')
        .max(100, 'Logo opacity goes from 20 to 100%.'),
    }),
    colors: z.object({ primary: hexColor('primary'), secondary: hexColor('secondary') }),
    font: z.enum(BRAND_FONT_IDS, { error: 'Choose one of the fonts.' }),
    intro: cardSchema('intro'),
    outro: cardSchema('outro'),
    applyByDefault: z.boolean({ error: 'Say whether new videos use the brand kit.' }),
  })
  .superRefine((kit, ctx) => {
    for (const name of ['intro', 'outro'] as const) {
      if (kit[name].enabled && kit[name].text === '')
        ctx.addIssue({ code: 'custom', path: [name, 'text'], message: `Write the ${name}'s text, or turn it off.` });
    }
  });
export type BrandKitSettings = z.output<typeof brandKitSettingsSchema>;
export type BrandKitSettingsInput = z.input<typeof brandKitSettingsSchema>;

export const DEFAULT_BRAND_KIT: BrandKitSettings = {
  logo: { corner: 'top-right', size: 'medium', opacity: 90 },
  colors: { primary: '#1E66F5', secondary: '#FFFFFF' },
  font: 'dejavu-sans',
  intro: { enabled: false, text: '', seconds: CARD_SECONDS.default },
  outro: { enabled: false, text: '', seconds: CARD_SECONDS.default },
  applyByDefault: true,
};

export const brandLogoSchema = z.object({
  fileId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Signed link for the preview. */
  url: z.string(),
});

/** GET /brand-kit: the settings (defaults until first saved) and the logo, if one was uploaded. */
export const brandKitSchema = z.object({
  settings: z.custom<BrandKitSettings>(),
  logo: brandLogoSchema.nullable(),
  /** False until the kit was first saved or given a logo. */
  saved: z.boolean(),
});
export type BrandKit = z.infer<typeof brandKitSchema>;

/** What a video keeps of the kit, taken when it is accepted. */
export interface BrandSnapshot {
  logo: (BrandKitSettings['logo'] & { fileId: string; width: number; height: number }) | null;
  colors: BrandKitSettings['colors'];
  font: BrandFontId;
  intro: BrandCard | null;
  outro: BrandCard | null;
}
export const brandSnapshotSchema: z.ZodType<BrandSnapshot> = z.object({
  logo: z
    .object({
      corner: z.enum(LOGO_CORNERS),
      size: z.enum(LOGO_SIZES),
      opacity: z.number(),
      fileId: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
  colors: z.object({ primary: z.string(), secondary: z.string() }),
  font: z.enum(BRAND_FONT_IDS),
  intro: z.object({ enabled: z.boolean(), text: z.string(), seconds: z.number() }).nullable(),
  outro: z.object({ enabled: z.boolean(), text: z.string(), seconds: z.number() }).nullable(),
});

export function brandSnapshot(
  settings: BrandKitSettings,
  logo: { fileId: string; width: number; height: number } | null,
): BrandSnapshot {
  return {
    logo: logo ? { ...settings.logo, ...logo } : null,
    colors: settings.colors,
    font: settings.font,
    intro: settings.intro.enabled ? settings.intro : null,
    outro: settings.outro.enabled ? settings.outro : null,
  };
}

/** The kit a video takes: the video's own switch when set, otherwise the kit's "Apply to new videos". */
export const appliedBrand = (
  kit: { applyByDefault: boolean; snapshot: BrandSnapshot } | null,
  wanted: boolean | undefined,
): BrandSnapshot | null => (kit && (wanted ?? kit.applyByDefault) ? kit.snapshot : null);

/** Seconds the kit's cards add to a video: what the editor's estimate and the job's price add to the narration. */
export const cardSeconds = (brand: Pick<BrandSnapshot, 'intro' | 'outro'> | null | undefined): number =>
  (brand?.intro?.seconds ?? 0) + (brand?.outro?.seconds ?? 0);

export interface LogoPlacement {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the logo sits on a `frame`: its width a share of the frame's, its height by its own aspect, a margin of
 * 4% of the shorter side from the two edges of its corner. Whole even pixels, so the overlay lines up with 4:2:0
 * chroma and never lands outside the frame.
 */
export function logoPlacement(
  frame: { width: number; height: number },
  logo: { width: number; height: number },
  corner: LogoCorner,
  size: LogoSize,
): LogoPlacement {
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  const margin = even(Math.min(frame.width, frame.height) * 0.04);
  let width = even(frame.width * LOGO_WIDTH_SHARE[size]);
  let height = even((width * logo.height) / logo.width);
  // A very tall logo is held to a quarter of the frame's height.
  const maxHeight = even(frame.height * 0.25);
  if (height > maxHeight) {
    height = maxHeight;
    width = even((height * logo.width) / logo.height);
  }
  const x = corner.endsWith('left') ? margin : frame.width - margin - width;
  const y = corner.startsWith('top') ? margin : frame.height - margin - height;
  return { x, y, width, height };
}
