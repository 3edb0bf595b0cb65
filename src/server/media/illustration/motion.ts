/**
 * How an illustrated scene moves in the render. Its background is a still that rests (it does not pan, so the
 * drawing stays where its layout puts it); each element is overlaid on the finished picture while it enters, rising
 * a few pixels as it fades in (ease-out, at its delay), and once it is in, the lane shows a still with it drawn in
 * (`stillSchedule`): blending an element over every frame for the rest of its scene cost a third of the render's
 * speed in ffmpeg's one filter thread (docs/benchmarks.md). A number counts up in the same face and colour, drawn
 * only while it counts, before the finished number (as the script writes it) takes its place.
 *
 * Every element is read once, converted once and repeated by reference (`loop`), only for the frames of its window.
 * Feeding animated frames through a pipe instead cost a third more CPU for the same video (docs/benchmarks.md).
 */
import { filterValue } from '../ffmpeg.ts';
import type { IllustrationCounter } from './compose.ts';

/** How long an element takes to enter, and how far it rises while it does, as a share of the frame's short side. */
export const ENTER_SECONDS = 0.6;
const RISE_SHARE = 0.035;

/** What the render needs of an illustrated scene (draw.ts draws it). */
export interface MotionLayers {
  width: number;
  height: number;
  /** At the still size asked for: the scene's still until its elements have entered. */
  background: string;
  /**
   * The scene rests with the frame's top-left corner at `origin` of each of its stills, and from `from` seconds into
   * the scene shows each of `stills`: the background with its first `drawn` elements drawn in (`stillSchedule`).
   * Absent in manifests written before: there the background pans and the elements stay overlaid.
   */
  rest?: {
    origin: { x: number; y: number };
    stills: Array<{ file: string; from: number; drawn: number }>;
    /**
     * The camera drifts over the scene like a panned still, at most this many pixels either side of `origin` (how far
     * the background is drawn past the frame); absent in manifests written before beats drifted: there it rests.
     */
    drift?: number;
  };
  /** PNGs at frame pixels, placed at `x`, `y` of the frame, entering `delay` seconds into the scene. */
  elements: Array<{ file: string; x: number; y: number; delay: number }>;
  counter: IllustrationCounter | null;
  fontFile: string;
}

/**
 * Elements that are in within this long of the first of them share one still: drawing and reading a still costs
 * about what overlaying an element for a few seconds does.
 */
const SHARED_STILL_SECONDS = 1;

/**
 * When a scene's still changes, and how many of its elements the new one has drawn in: an element once it has
 * entered, but never before every element under it has (so the drawing's order holds while one still enters), and
 * elements that are in within a second of each other together. The finished number (the counter's element) enters
 * at once, when the count ends.
 */
export function stillSchedule(scene: {
  elements: ReadonlyArray<{ delay: number }>;
  counter: Pick<IllustrationCounter, 'element'> | null;
}): Array<{ from: number; drawn: number }> {
  const groups: Array<{ first: number; from: number; drawn: number }> = [];
  let settled = 0;
  scene.elements.forEach((element, i) => {
    settled = Math.max(settled, element.delay + (scene.counter?.element === i ? 0 : ENTER_SECONDS));
    const last = groups.at(-1);
    if (last && settled - last.first <= SHARED_STILL_SECONDS) Object.assign(last, { from: settled, drawn: i + 1 });
    else groups.push({ first: settled, from: settled, drawn: i + 1 });
  });
  return groups.map(({ from, drawn }) => ({ from, drawn }));
}

/**
 * An illustrated scene's layers where they play: `start` is its first frame (s), `out` when the next scene takes over,
 * `drawnIn` the stills with elements drawn in that the render's lane shows, from `at` (s).
 */
export interface PlacedLayers {
  layers: MotionLayers;
  start: number;
  out: { at: number; seconds: number } | null;
  drawnIn: ReadonlyArray<{ at: number; drawn: number }>;
  /** A drifting scene's offset of the frame from its resting place, as expressions of t, which overlays follow. */
  shift?: { x: string; y: string };
}

/**
 * The counter's text as drawtext reads it (before filtergraph escaping): prefix, the count eased out to its value,
 * suffix; decimals as a second, zero-padded integer. A literal % or backslash is escaped for drawtext's expansion.
 * `start` is in the render's time.
 */
export function counterText(counter: IllustrationCounter): string {
  const progress = `1-pow(1-clip((t-${counter.start})/${counter.duration},0,1),3)`;
  const value = `(${counter.from}+(${counter.to - counter.from})*(${progress}))`;
  const literal = (text: string) => text.replace(/[\\%]/g, '\\$&');
  if (counter.decimals === 0) return `${literal(counter.prefix)}%{eif:floor(${value}+0.5):d}${literal(counter.suffix)}`;
  const scale = 10 ** counter.decimals;
  const scaled = `floor(${value}*${scale}+0.5)`;
  return `${literal(counter.prefix)}%{eif:floor(${scaled}/${scale}):d}.%{eif:mod(${scaled},${scale}):d:${counter.decimals}}${literal(counter.suffix)}`;
}

/** Two decimals: a time of 0.9000000000000001 s is 0.9 s to the eye and shorter to read in a graph. */
const at = (seconds: number) => seconds.toFixed(2);
const between = (from: number, to: number) => `between(t\\,${at(from)}\\,${at(to)})`;
/** Half a frame before the frame at `seconds`: a window ending there leaves that frame out, whatever the rounding. */
const beforeFrame = (seconds: number, fps: number) => (Math.round(seconds * fps) - 0.5) / fps;

/**
 * The elements of `scenes` overlaid on `input`: the `-i` arguments to add (inputs numbered from `firstInput`) and the
 * graph's lines, ending in `output`. An element shows from its entry until a still with it drawn in takes over, or
 * else until the next scene has crossfaded in, fading out meanwhile.
 */
export function overlayFilters(
  scenes: readonly PlacedLayers[],
  fps: number,
  firstInput: number,
  input: string,
  output: string,
): { inputs: string[]; graph: string[] } {
  const inputs: string[] = [];
  const graph: string[] = [];
  let last = input;
  let n = 0;
  for (const { layers, start, out, drawnIn, shift } of scenes) {
    const plus = (axis: 'x' | 'y') => (shift ? `+(${shift[axis]})` : '');
    const rise = Math.round(Math.min(layers.width, layers.height) * RISE_SHARE);
    // The last scene's elements stay to the end.
    const gone = out ? out.at + out.seconds : Infinity;
    layers.elements.forEach((element, i) => {
      const enters = start + element.delay;
      // The finished number replaces the count in place, from the frame the count ends: no rise, no fade.
      const instant = layers.counter?.element === i;
      const from = instant ? beforeFrame(enters, fps) : enters;
      // Up to the frame before a still with it drawn in takes over: drawn twice, its soft edges would darken a frame.
      const still = drawnIn.find((s) => s.drawn > i);
      const ends = still ? Math.min(gone, beforeFrame(still.at, fps)) : gone;
      // Drawn in from its entry (the finished number, as the count ends): nothing to overlay.
      if (ends <= from) return;
      const fades = [
        ...(instant
          ? []
          : [
              `fade=t=in:st=${at(enters)}:d=${ENTER_SECONDS}:alpha=1:enable='${between(enters, enters + ENTER_SECONDS)}'`,
            ]),
        ...(out && ends > out.at
          ? [`fade=t=out:st=${at(out.at)}:d=${at(out.seconds)}:alpha=1:enable='${between(out.at, gone)}'`]
          : []),
      ];
      // Frames from just before the entry to just after the end; one that stays to the video's end loops for ever.
      const first = Math.max(0, Math.floor(enters * fps) - 1);
      const loops = Number.isFinite(ends) ? Math.ceil(ends * fps) - first : -1;
      inputs.push('-i', element.file);
      const label = `il${n}`;
      graph.push(
        `[${firstInput + n}:v]format=rgba,scale=out_color_matrix=bt709:out_range=tv,format=yuva420p,loop=loop=${loops}:size=1,setpts=(${first}+N)/(${fps}*TB)` +
          `${fades.map((f) => `,${f}`).join('')}[${label}]`,
      );
      const y = instant
        ? `${element.y}${plus('y')}`
        : `${element.y}${plus('y')}+${rise}*pow(1-clip((t-${at(enters)})/${ENTER_SECONDS}\\,0\\,1)\\,3)`;
      const next = `${label}-on`;
      // Past its last frame the overlay passes the picture on: repeating that frame (the default) cost every frame
      // after it a copy in each overlay, enabled or not (3 s of the filter thread for a minute of 18 elements).
      graph.push(
        `[${last}][${label}]overlay=x='${element.x}${plus('x')}':y='${y}':eval=frame:format=yuv420:eof_action=pass:enable='${Number.isFinite(ends) ? between(from, ends) : `gte(t\\,${at(from)})`}'[${next}]`,
      );
      last = next;
      n++;
    });
    const { counter } = layers;
    if (counter) {
      const countFrom = start + counter.start;
      // Up to the frame before the finished number stands.
      const ends = beforeFrame(countFrom + counter.duration, fps);
      const text = filterValue(counterText({ ...counter, start: countFrom }));
      const x = `${counter.x}${counter.align === 'middle' ? '-text_w/2' : ''}${plus('x')}`;
      const next = `count${n}`;
      // drawtext puts the top of the text's box at y; its ascent brings the baseline to where the finished number's is.
      graph.push(
        `[${last}]drawtext=fontfile=${filterValue(layers.fontFile)}:text=${text}:fontsize=${counter.fontSize}:fontcolor=${counter.color}:` +
          `x='${x}':y='${counter.baseline}-ascent${plus('y')}':alpha='clip((t-${at(countFrom)})/0.3\\,0\\,1)':enable='${between(countFrom, ends)}'[${next}]`,
      );
      last = next;
    }
  }
  graph.push(`[${last}]null[${output}]`);
  return { inputs, graph };
}
