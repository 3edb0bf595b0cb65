/**
 * The same moment of the video before and after removal, one over the other: a slider moves the divide, so the
 * place where the mark was can be compared pixel for pixel.
 */
import { useId, useState } from 'react';

export function BeforeAfter({
  before,
  after,
  aspect,
  moment,
}: {
  before: string;
  after: string;
  aspect: number;
  moment: string;
}) {
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-caption`}>
      <div
        className="relative w-full overflow-hidden rounded-xl border border-white/[0.08] bg-black"
        style={{ aspectRatio: String(aspect) }}
        data-testid="before-after"
      >
        <img
          src={after}
          alt={`Frame at ${moment} after removal`}
          className="absolute inset-0 size-full object-contain"
        />
        <img
          src={before}
          alt={`Frame at ${moment} before removal`}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        />
        <div
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow"
          style={{ left: `${split}%` }}
        />
        <span
          aria-hidden="true"
          className="absolute left-2 top-2 rounded bg-ink-950/80 px-1.5 text-xs leading-5 text-white"
        >
          Before
        </span>
        <span
          aria-hidden="true"
          className="absolute right-2 top-2 rounded bg-ink-950/80 px-1.5 text-xs leading-5 text-white"
        >
          After
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-split`} className="label">
          Before and after divide
        </label>
        <input
          id={`${id}-split`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-valuetext={`${split}% before, ${100 - split}% after`}
          onChange={(e) => setSplit(Number(e.target.value))}
        />
      </div>
      <figcaption id={`${id}-caption`} className="text-xs text-fg-subtle">
        {`The frame at ${moment}: the original on the left of the divide, the clean copy on the right.`}
      </figcaption>
    </figure>
  );
}
