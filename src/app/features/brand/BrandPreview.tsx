/**
 * A 16:9 frame showing the kit as a video will: the logo at the renderer's own placement (logoPlacement), a caption
 * line in the brand font and highlight, and the intro card beside it.
 */
import { type BrandKit, type BrandKitSettings, brandFont, logoPlacement } from '~/contract/brand';

const FRAME = { width: 1280, height: 720 };
const pct = (n: number, of: number) => `${(n / of) * 100}%`;

export function BrandPreview({ settings, logo }: { settings: BrandKitSettings; logo: BrandKit['logo'] }) {
  const place = logo ? logoPlacement(FRAME, logo, settings.logo.corner, settings.logo.size) : null;
  const font = `'${brandFont(settings.font).name}', sans-serif`;
  const card = settings.intro.enabled ? settings.intro : settings.outro.enabled ? settings.outro : null;
  return (
    <div className="grid gap-3 sm:grid-cols-2" aria-label="Preview of a branded video" role="group">
      <figure className="grid gap-1">
        <div
          className="relative aspect-video overflow-hidden rounded-xl bg-gradient-to-br from-slate-600 to-slate-800"
          data-testid="brand-preview-frame"
        >
          {place && logo ? (
            <img
              src={logo.url}
              alt=""
              className="absolute"
              data-testid="brand-preview-logo"
              data-corner={settings.logo.corner}
              style={{
                left: pct(place.x, FRAME.width),
                top: pct(place.y, FRAME.height),
                width: pct(place.width, FRAME.width),
                height: pct(place.height, FRAME.height),
                opacity: settings.logo.opacity / 100,
              }}
            />
          ) : null}
          <p
            className="absolute inset-x-0 bottom-[8%] text-center text-[clamp(0.6rem,2.4vw,1rem)] font-bold text-white [text-shadow:0_0_3px_#000]"
            style={{ fontFamily: font }}
          >
            Captions in <span style={{ color: settings.colors.primary }}>your</span> brand font
          </p>
        </div>
        <figcaption className="text-xs text-fg-subtle">During the video</figcaption>
      </figure>
      <figure className="grid gap-1">
        <div
          className="@container grid aspect-video place-content-center justify-items-center gap-1 overflow-hidden rounded-xl p-3 text-center"
          style={{ backgroundColor: settings.colors.primary, color: settings.colors.secondary, fontFamily: font }}
        >
          {/* Sized by the card's own width (container units), so the text and logo fit however narrow the column. */}
          {logo ? (
            <img src={logo.url} alt="" className="max-w-[50%] object-contain" style={{ maxHeight: '16cqw' }} />
          ) : null}
          <span className="text-[clamp(0.6rem,6.5cqw,1.1rem)] font-bold leading-tight">
            {card?.text || 'Your intro text'}
          </span>
        </div>
        <figcaption className="text-xs text-fg-subtle">
          {card === settings.outro ? 'Outro card' : 'Intro card'}
        </figcaption>
      </figure>
    </div>
  );
}
