/**
 * The caption choices of the create form (look, position, size, highlight colour) and a small preview of them on
 * a frame of the chosen shape: the same type scale, margins and outline the renderer uses (server/media/captions.ts),
 * animated the way the look moves.
 */
import { useEffect, useState } from 'react';
import { ChoiceGroup } from '~/app/components/ChoiceGroup';
import {
  CAPTION_COLOR_PATTERN,
  CAPTION_COLORS,
  CAPTION_LABELS,
  CAPTION_POSITION_LABELS,
  CAPTION_POSITIONS,
  CAPTION_SIZE_LABELS,
  CAPTION_SIZE_SCALE,
  CAPTION_SIZES,
  CAPTION_STYLES,
  type CaptionOptions,
  type CaptionStyle,
  type VideoAspect,
  videoDimensions,
} from '~/contract/video';

const CAPTION_DETAILS: Record<CaptionStyle, string> = {
  off: 'No text on the video',
  line: 'One line at a time',
  word: 'Each word lights up as it is spoken',
  karaoke: 'The colour sweeps through each word',
  pop: 'Only the spoken word, popping in',
};

const COLOR_NAMES: Record<(typeof CAPTION_COLORS)[number], string> = {
  '#FFD84D': 'Yellow',
  '#4DE1FF': 'Cyan',
  '#7CF27C': 'Green',
  '#FF6FB5': 'Pink',
  '#FF9F43': 'Orange',
};

const SAMPLE = ['Captions', 'that', 'land', 'on', 'every', 'word'];
/** About the pace of speech, so the preview moves like the video will. */
const WORD_MS = 420;

/** The word being "spoken", cycling through the sample; still (on the second word) for people who asked for less motion. */
function useSpokenWord(animated: boolean): number {
  const [index, setIndex] = useState(1);
  useEffect(() => {
    if (!animated || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SAMPLE.length), WORD_MS);
    return () => window.clearInterval(timer);
  }, [animated]);
  return index;
}

export function CaptionPreview({
  look,
  options,
  aspect,
}: {
  look: Exclude<CaptionStyle, 'off'>;
  options: CaptionOptions;
  aspect: VideoAspect;
}) {
  const spoken = useSpokenWord(look !== 'line');
  const { width, height } = videoDimensions(aspect, '720p');
  // Type is a share of the frame's shorter side; the preview box is sized by its width (cqw).
  // A popped word is drawn larger, as the renderer draws it (POP_SCALE).
  const fontSize = `${((CAPTION_SIZE_SCALE[options.size] * (look === 'pop' ? 1.3 : 1) * Math.min(width, height)) / width) * 100}cqw`;
  const vertical = height > width;
  const band =
    options.position === 'top'
      ? { top: vertical ? '12%' : '8%' }
      : options.position === 'bottom'
        ? { bottom: vertical ? '20%' : '8%' }
        : { top: '50%', transform: 'translateY(-50%)' };
  const word = (text: string, i: number) => {
    if (look === 'word' && i === spoken) return <span style={{ color: options.color }}>{text}</span>;
    if (look === 'karaoke') {
      const fill = i < spoken ? 'inset(0)' : i === spoken ? undefined : 'inset(0 100% 0 0)';
      return (
        <span className="relative inline-block">
          {text}
          <span
            key={i === spoken ? `now-${spoken}` : 'still'}
            aria-hidden="true"
            className={`absolute inset-0 ${i === spoken ? 'animate-[caption-fill_var(--word-ms)_linear_forwards]' : ''}`}
            style={{ color: options.color, clipPath: fill }}
          >
            {text}
          </span>
        </span>
      );
    }
    return text;
  };
  return (
    <div
      className="relative mx-auto w-full overflow-hidden rounded-lg border border-white/10 bg-[linear-gradient(160deg,#3b4a6b,#1c2236_55%,#5a4a3a)] [container-type:inline-size]"
      style={{
        aspectRatio: `${width} / ${height}`,
        maxWidth: vertical ? '11rem' : aspect === '1:1' ? '14rem' : '20rem',
        ['--word-ms' as string]: `${WORD_MS}ms`,
      }}
      data-testid="caption-preview"
      data-look={look}
      data-position={options.position}
      data-size={options.size}
      role="img"
      aria-label={`Preview: ${CAPTION_LABELS[look]}, ${CAPTION_POSITION_LABELS[options.position].toLowerCase()}, ${CAPTION_SIZE_LABELS[options.size].toLowerCase()} text`}
    >
      <p
        className="absolute inset-x-[7%] text-center font-bold leading-tight [paint-order:stroke_fill] [-webkit-text-stroke:0.16em_rgb(0_0_0/0.8)]"
        style={{
          ...band,
          fontSize,
          fontFamily: "'DejaVu Sans', Verdana, sans-serif",
          color: look === 'pop' ? options.color : '#FFFFFF',
        }}
        data-testid="caption-preview-text"
      >
        {look === 'pop' ? (
          <span key={spoken} className="inline-block animate-[caption-pop_120ms_ease-out]">
            {SAMPLE[spoken]}
          </span>
        ) : (
          SAMPLE.map((text, i) => (
            <span key={text}>
              {i > 0 ? ' ' : ''}
              {word(text, i)}
            </span>
          ))
        )}
      </p>
    </div>
  );
}

/** The colour of the spoken word: one of the palette's, or any the colour input gives. */
function HighlightColour({
  color: selected,
  error,
  onColor,
}: {
  color: string;
  error: string | undefined;
  onColor: (color: string) => void;
}) {
  const custom = !(CAPTION_COLORS as readonly string[]).includes(selected);
  return (
    <fieldset className="grid gap-2">
      <legend className="label mb-1">Highlight colour</legend>
      <div className="flex flex-wrap items-center gap-2">
        {CAPTION_COLORS.map((color) => (
          <label
            key={color}
            className={`grid size-9 cursor-pointer place-items-center rounded-full border-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cyan-300 ${selected === color ? 'border-white' : 'border-transparent'}`}
          >
            <input
              type="radio"
              name="caption-color"
              className="sr-only"
              checked={selected === color}
              onChange={() => onColor(color)}
              aria-label={COLOR_NAMES[color]}
            />
            <span className="size-6 rounded-full" style={{ background: color }} aria-hidden="true" />
          </label>
        ))}
        <label
          className={`flex cursor-pointer items-center gap-2 rounded-full border-2 py-0.5 pr-3 pl-1 text-sm text-fg-muted ${custom ? 'border-white' : 'border-transparent'}`}
        >
          <input
            type="color"
            className="size-7 cursor-pointer rounded-full border-0 bg-transparent p-0"
            value={selected.toLowerCase()}
            onChange={(e) => {
              if (CAPTION_COLOR_PATTERN.test(e.target.value)) onColor(e.target.value.toUpperCase());
            }}
          />
          Custom
        </label>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CaptionStylePicker({
  look,
  options,
  aspect,
  errors,
  onLook,
  onOptions,
}: {
  look: CaptionStyle;
  options: CaptionOptions;
  aspect: VideoAspect;
  errors: Partial<Record<string, string>>;
  onLook: (look: CaptionStyle) => void;
  onOptions: (options: CaptionOptions) => void;
}) {
  const set = <K extends keyof CaptionOptions>(key: K, value: CaptionOptions[K]) =>
    onOptions({ ...options, [key]: value });
  return (
    <div className="grid gap-4">
      <ChoiceGroup<CaptionStyle>
        legend="Captions"
        name="captions"
        compact
        columns="grid-cols-3"
        value={look}
        onChange={onLook}
        error={errors.captions}
        choices={CAPTION_STYLES.map((style) => ({
          value: style,
          label: CAPTION_LABELS[style],
          detail: CAPTION_DETAILS[style],
        }))}
      />
      {look === 'off' ? null : (
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="grid gap-4">
            <ChoiceGroup
              legend="Caption position"
              name="caption-position"
              compact
              columns="grid-cols-3"
              value={options.position}
              onChange={(v) => set('position', v)}
              error={errors['captionOptions.position']}
              choices={CAPTION_POSITIONS.map((position) => ({
                value: position,
                label: CAPTION_POSITION_LABELS[position],
              }))}
            />
            <ChoiceGroup
              legend="Caption size"
              name="caption-size"
              compact
              columns="grid-cols-3"
              value={options.size}
              onChange={(v) => set('size', v)}
              error={errors['captionOptions.size']}
              choices={CAPTION_SIZES.map((size) => ({ value: size, label: CAPTION_SIZE_LABELS[size] }))}
            />
            {look === 'line' ? null : (
              <HighlightColour
                color={options.color}
                error={errors['captionOptions.color']}
                onColor={(color) => set('color', color)}
              />
            )}
          </div>
          <div className="grid gap-1 sm:w-80">
            <span className="label">Preview</span>
            <CaptionPreview look={look} options={options} aspect={aspect} />
          </div>
        </div>
      )}
    </div>
  );
}
