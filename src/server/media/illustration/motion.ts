/**
 * The feeder of an illustrated scene: one ffmpeg that animates the drawing's layers and writes finished frames
 * (frame size, BT.709 4:2:0) to stdout, the way a clip's feeder does, so the render takes them through the same
 * pipe and puts them on screen without touching a pixel.
 *
 * Every layer is converted once and repeated by reference (`loop`), so a frame costs only the blend of the elements
 * over the background. Each element rises a few pixels while it fades in (ease-out, staggered by its delay); a
 * number counts up in the same face and colour, and the finished number (as the script writes it) takes its place.
 */
import { filterValue } from '../ffmpeg.ts';
import type { MotionLayers } from './draw.ts';

/** How long an element takes to enter, and how far it rises while it does, as a share of the frame's short side. */
export const ENTER_SECONDS = 0.6;
const RISE_SHARE = 0.035;

const still = (fps: number, format: string) => `scale=out_color_matrix=bt709:out_range=tv,format=${format},loop=loop=-1:size=1,setpts=N/(${fps}*TB)`;

/**
 * The counter's text as drawtext reads it (before filtergraph escaping): prefix, the count eased out to its value,
 * suffix; decimals as a second, zero-padded integer. A literal % or backslash is escaped for drawtext's expansion.
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

export function motionFeedArgs(layers: MotionLayers, scene: { frames: number; skip: number }, fps: number): string[] {
  const rise = Math.round(Math.min(layers.width, layers.height) * RISE_SHARE);
  const graph: string[] = [`[0:v]${still(fps, 'yuv420p')}[l0]`];
  // Two decimals: a delay of 0.9000000000000001 s is 0.9 s to the eye and shorter to read in a graph.
  const at = (seconds: number) => seconds.toFixed(2);
  layers.elements.forEach((element, i) => {
    const instant = layers.counter?.element === i;
    const fade = instant ? '' : `,fade=t=in:st=${at(element.delay)}:d=${ENTER_SECONDS}:alpha=1`;
    graph.push(`[${i + 1}:v]format=rgba,${still(fps, 'yuva420p')}${fade}[e${i}]`);
    const y = instant ? String(element.y) : `${element.y}+${rise}*pow(1-clip((t-${at(element.delay)})/${ENTER_SECONDS}\\,0\\,1)\\,3)`;
    graph.push(`[l${i}][e${i}]overlay=x=${element.x}:y='${y}':eval=frame:format=yuv420:enable='gte(t\\,${at(element.delay)})'[l${i + 1}]`);
  });
  let last = `l${layers.elements.length}`;
  const { counter } = layers;
  if (counter) {
    const text = filterValue(counterText(counter));
    const ends = counter.start + counter.duration;
    // drawtext puts the top of the text's box at y; its ascent brings the baseline to where the finished number's is.
    graph.push(
      `[${last}]drawtext=fontfile=${filterValue(layers.fontFile)}:text=${text}:fontsize=${counter.fontSize}:fontcolor=${counter.color}:` +
        `x=${counter.align === 'middle' ? `${counter.x}-text_w/2` : counter.x}:y=${counter.baseline}-ascent:alpha='clip((t-${counter.start})/0.3\\,0\\,1)':enable='lt(t\\,${ends})'[counted]`,
    );
    last = 'counted';
  }
  graph.push(`[${last}]trim=start_frame=${scene.skip},setpts=PTS-STARTPTS[out]`);
  return [
    '-filter_threads',
    '1',
    '-i',
    layers.background,
    ...layers.elements.flatMap((e) => ['-i', e.file]),
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[out]',
    '-frames:v',
    String(scene.frames),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ];
}
