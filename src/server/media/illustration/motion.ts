/**
 * How an illustrated scene moves in the render. Its background is a still like any other (it pans on the lanes);
 * its elements are overlaid on the finished picture, fixed to the frame while the background drifts under them.
 * Each element rises a few pixels while it fades in (ease-out, at its delay), and fades out while the next scene
 * crossfades in; a number counts up in the same face and colour before the finished number (as the script writes
 * it) takes its place.
 *
 * Every element is read once, converted once and repeated by reference (`loop`); its fades and its overlay are
 * enabled only in their windows, so outside its scene an element costs a passed-through reference, not a blend.
 * Feeding animated frames through a pipe instead cost a third more CPU for the same video (docs/benchmarks.md).
 */
import { filterValue } from '../ffmpeg.ts';
import type { MotionLayers } from './draw.ts';

/** How long an element takes to enter, and how far it rises while it does, as a share of the frame's short side. */
export const ENTER_SECONDS = 0.6;
const RISE_SHARE = 0.035;

/** An illustrated scene's layers where they play: `start` is its first frame (s), `out` when the next scene takes over. */
export interface PlacedLayers {
  layers: MotionLayers;
  start: number;
  out: { at: number; seconds: number } | null;
}

/**
 * The counter's text as drawtext reads it (before filtergraph escaping): prefix, the count eased out to its value,
 * suffix; decimals as a second, zero-padded integer. A literal % or backslash is escaped for drawtext's expansion.
 * `start` is in the render's time.
 */
export function counterText(counter: NonNullable<MotionLayers['counter']>): string {
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

/**
 * The elements of `scenes` overlaid on `input`: the `-i` arguments to add (inputs numbered from `firstInput`) and the
 * graph's lines, ending in `output`.
 */
export function overlayFilters(scenes: readonly PlacedLayers[], fps: number, firstInput: number, input: string, output: string): { inputs: string[]; graph: string[] } {
  const inputs: string[] = [];
  const graph: string[] = [];
  let last = input;
  let n = 0;
  for (const { layers, start, out } of scenes) {
    const rise = Math.round(Math.min(layers.width, layers.height) * RISE_SHARE);
    // The last scene's elements stay to the end.
    const gone = out ? out.at + out.seconds : 1e6;
    layers.elements.forEach((element, i) => {
      const enters = start + element.delay;
      // The finished number replaces the count in place: no rise, no fade.
      const instant = layers.counter?.element === i;
      const fades = [
        ...(instant ? [] : [`fade=t=in:st=${at(enters)}:d=${ENTER_SECONDS}:alpha=1:enable='${between(enters, enters + ENTER_SECONDS)}'`]),
        ...(out ? [`fade=t=out:st=${at(out.at)}:d=${at(out.seconds)}:alpha=1:enable='${between(out.at, gone)}'`] : []),
      ];
      inputs.push('-i', element.file);
      const label = `il${n}`;
      graph.push(`[${firstInput + n}:v]format=rgba,scale=out_color_matrix=bt709:out_range=tv,format=yuva420p,loop=loop=-1:size=1,setpts=N/(${fps}*TB)${fades.map((f) => `,${f}`).join('')}[${label}]`);
      const y = instant ? String(element.y) : `${element.y}+${rise}*pow(1-clip((t-${at(enters)})/${ENTER_SECONDS}\\,0\\,1)\\,3)`;
      const next = `${label}-on`;
      graph.push(`[${last}][${label}]overlay=x=${element.x}:y='${y}':eval=frame:format=yuv420:enable='${between(enters, gone)}'[${next}]`);
      last = next;
      n++;
    });
    const { counter } = layers;
    if (counter) {
      const countFrom = start + counter.start;
      const ends = countFrom + counter.duration;
      const text = filterValue(counterText({ ...counter, start: countFrom }));
      const x = counter.align === 'middle' ? `${counter.x}-text_w/2` : String(counter.x);
      const next = `count${n}`;
      // drawtext puts the top of the text's box at y; its ascent brings the baseline to where the finished number's is.
      graph.push(
        `[${last}]drawtext=fontfile=${filterValue(layers.fontFile)}:text=${text}:fontsize=${counter.fontSize}:fontcolor=${counter.color}:` +
          `x=${x}:y=${counter.baseline}-ascent:alpha='clip((t-${at(countFrom)})/0.3\\,0\\,1)':enable='${between(countFrom, ends)}'[${next}]`,
      );
      last = next;
    }
  }
  graph.push(`[${last}]null[${output}]`);
  return { inputs, graph };
}
