/**
 * The single ffmpeg pass that turns stills, narration, music and captions into the finished MP4.
 *
 * Shape of the graph (each choice measured, see docs/benchmarks.md "Video pipeline"):
 *
 *   main lane      stills in order (concat demuxer, one entry per scene with its duration, or more for an
 *                  illustrated scene: its background, then the stills with its elements drawn in as they enter)
 *                  → RGB→BT.709 4:2:0 once per still, in four copies shifted by 0/1 pixel on each axis, stacked
 *                  → fps duplicates (references, no copies)
 *                  → crop moving one whole pixel every other frame (the pan): even origins in the copy of the right
 *                    parity, so it only moves plane pointers and no frame is converted or scaled
 *   incoming lane  the same stills again, but only the frames of each crossfade (0.6 s per cut)
 *   blend          mixes the lanes only inside the crossfade windows; elsewhere the main frame passes through
 *   ass            captions, then x264.
 *
 * Video clips are decoded outside this process, one scene at a time, by feeders (clip.ts) that write finished frames
 * (output size, rate and colours) into named pipes, one per lane: the main lane's pipe carries each clip scene from
 * the end of its incoming crossfade, the incoming lane's pipe only those crossfades' first frames. The lanes run a
 * still as a placeholder through a clip scene; its frames there are dropped and `interleave` puts the clip's frames
 * in their places by timestamp, so putting a clip on screen costs no pixel work; stills-only videos have no pipes.
 * An illustrated scene drifts like any still (its background is drawn past the frame for it); each element is
 * overlaid on the joined lanes, moving with the drift, only while it enters, before dips, logo and captions, and the lane then shows a still with it drawn in
 * (illustration/motion.ts).
 * One pipe per lane matters: the incoming lane is read ahead to its next crossfade, and a pipe shared with the main
 * lane made the graph queue every main frame up to there (1.5 GiB on a 5-minute video). Cuts change picture on one
 * frame; dips are a cut with a fade out and in around it.
 *
 * The plan is built by functions named after the part of the graph each makes (`stillLane`, `withClips`,
 * `joinedLanes`, `illustrationOverlays`, `finishedPicture`, `audioMix`, `encodeArgs`); `planRender` composes them.
 *
 * Why not one input and one xfade per scene: every xfade and every looped still keeps its buffers until the
 * graph ends, so memory grew with the number of scenes (≈800 MiB for 30 scenes before x264). Two lanes keep a
 * couple of stills alive at a time whatever the length. Stills share one size (the longest pan's), so the
 * lanes never change frame size mid-stream; each scene pans over its own part of that margin.
 */
import type { ClipAudio } from '~/contract/storyboard.ts';
import { type LogoOverlay, logoOverlayFilters } from './brand.ts';
import { type ClipInfo, clipFeedArgs, clipSoundArgs } from './clip.ts';
import { filterValue } from './ffmpeg.ts';
import { type MotionLayers, overlayFilters, type PlacedLayers } from './illustration/motion.ts';
import { overlapFrames, PAN_FRAMES_PER_PIXEL, type SceneSlot, type Timeline } from './timeline.ts';

export interface RenderSettings {
  preset: string;
  /** x264 options on top of the preset (`key=value:key=value`), empty for none. */
  x264Params: string;
  crf: number;
  /** 0 lets x264 choose. */
  threads: number;
  audioBitrate: string;
}

/**
 * superfast's motion search (diamond, one subpixel pass, no 8×8 inter partitions) with veryfast's lookahead and
 * macroblock tree, which superfast drops: against veryfast, 32-43 % less encoder CPU on camera footage for 5-7 % more
 * bytes and SSIM within 0.45 dB, 21-46 % less on generated clips, 25 % less on panned stills for 3 % more bytes
 * (docs/benchmarks.md "Encoder settings"). Without the tree, a panned still took twice the bytes.
 */
export const DEFAULT_RENDER: RenderSettings = {
  preset: 'superfast',
  x264Params: 'mbtree=1:rc-lookahead=10',
  crf: 23,
  threads: 0,
  audioBitrate: '160k',
};

/** A still pans (an illustration rests, its elements entering on top); a clip plays. */
export type RenderVisual =
  | { kind: 'still'; file: string; layers?: MotionLayers }
  | { kind: 'clip'; file: string; clip: ClipInfo; audio: ClipAudio };

export interface RenderJob {
  width: number;
  height: number;
  timeline: Timeline;
  /** One per scene; stills are PNGs all of `stillSize`. */
  visuals: readonly RenderVisual[];
  stillSize: { width: number; height: number };
  narration: string;
  music?: { path: string; volume: number } | undefined;
  subtitles?: { path: string; fontsDir: string } | undefined;
  /** The brand kit's logo, in its corner under the captions. */
  logo?: LogoOverlay | undefined;
  output: string;
  /** Where the plan's helper files (lane lists, fade commands, graph) are written. */
  workDir: string;
  settings: RenderSettings;
}

/** A named pipe the render reads raw frames from, and the feeders that fill it, one after another. */
export interface ClipFeed {
  pipe: string;
  feeders: string[][];
}

/** The ducked clips' sound, made before the render into one track as long as the video. */
export interface ClipSoundPlan {
  file: string;
  totalMs: number;
  parts: Array<{ args: string[]; startMs: number; ms: number }>;
}

export interface RenderPlan {
  /** Helper files to write before running: absolute path → content. */
  files: Record<string, string>;
  feeds: ClipFeed[];
  clipSound: ClipSoundPlan | null;
  args: string[];
}

/** Level of a clip's own sound under the narration, before the narration ducks it further. */
export const CLIP_SOUND_VOLUME = 0.6;

const concatPath = (file: string): string => `'${file.replace(/'/g, "'\\''")}'`;

const seconds = (frames: number, fps: number): string => (frames / fps).toFixed(6).replace(/\.?0+$/, '');

/** The frame number of the frame being filtered, from its timestamp (lanes do not all count frames from 0). */
const frameAt = (fps: number): string => `trunc(t*${fps}+0.5)`;

/** `exprs[i]` applies from frame `starts[i]` on; nested ifs, evaluated once per frame. */
function piecewise(starts: readonly number[], exprs: readonly string[], frame: string): string {
  let expr = exprs[exprs.length - 1]!;
  for (let i = exprs.length - 2; i >= 0; i--) expr = `if(lt(${frame}\\,${starts[i + 1]})\\,${exprs[i]}\\,${expr})`;
  return expr;
}

/** How far a scene's crop travels (a pixel every PAN_FRAMES_PER_PIXEL frames, as long as it lasts), centred in the shared margin. */
function panSpan(slot: SceneSlot, margin: number, maxTravel: number): { travel: number; offset: number } {
  const travel = Math.min(margin, maxTravel, Math.max(0, Math.floor((slot.frames - 1) / PAN_FRAMES_PER_PIXEL)));
  return { travel, offset: Math.floor((margin - travel) / 2) };
}

/**
 * Crop origin on one axis for a scene: a pixel every PAN_FRAMES_PER_PIXEL frames across the scene's own travel (at most `maxTravel`),
 * centred in the shared margin, starting when the scene first appears (its incoming crossfade).
 */
export function panExpression(
  slot: SceneSlot,
  move: -1 | 0 | 1,
  margin: number,
  frame: string,
  maxTravel = Number.POSITIVE_INFINITY,
): string {
  const { travel, offset } = panSpan(slot, margin, maxTravel);
  if (move === 0) return String(Math.floor(margin / 2));
  const progressed = `min(floor(max(${frame}-${slot.firstFrame}\\,0)/${PAN_FRAMES_PER_PIXEL})\\,${travel})`;
  return move > 0 ? `${offset}+${progressed}` : `${offset + travel}-${progressed}`;
}

/** Where `panExpression` puts the crop at video frame `frame`. */
function panPosition(slot: SceneSlot, move: -1 | 0 | 1, margin: number, frame: number, maxTravel: number): number {
  const { travel, offset } = panSpan(slot, margin, maxTravel);
  if (move === 0) return Math.floor(margin / 2);
  const progressed = Math.min(Math.floor(Math.max(frame - slot.firstFrame, 0) / PAN_FRAMES_PER_PIXEL), travel);
  return move > 0 ? offset + progressed : offset + travel - progressed;
}

/**
 * How far a drifting illustrated scene's drawing sits from where its layout puts it, at video frame `frame`: what
 * its overlays follow, and what a check of rendered frames allows for. Zero for a scene that rests.
 */
export function driftAt(
  job: Pick<RenderJob, 'width' | 'height' | 'stillSize' | 'timeline' | 'visuals'>,
  scene: number,
  frame: number,
): { x: number; y: number } {
  const rest = restOf(job.visuals[scene]!);
  if (!rest?.drift) return { x: 0, y: 0 };
  const pan = panGeometry(job);
  const slot = job.timeline.scenes[scene]!;
  return {
    x: rest.origin.x - panPosition(slot, slot.pan.dx, pan.marginX, frame, 2 * rest.drift),
    y: rest.origin.y - panPosition(slot, slot.pan.dy, pan.marginY, frame, 2 * rest.drift),
  };
}

function laneList(entries: ReadonlyArray<{ file: string; frames: number }>, fps: number): string {
  return [
    'ffconcat version 1.0',
    ...entries.flatMap((e) => [`file ${concatPath(e.file)}`, `duration ${seconds(e.frames, fps)}`]),
    '',
  ].join('\n');
}

/** `frames` of each window [from, to) as one timeline expression; the half-frame margins absorb rounding. */
const windows = (spans: ReadonlyArray<readonly [number, number]>, fps: number): string =>
  spans
    .map(([from, to]) => `between(t\\,${((from - 0.5) / fps).toFixed(4)}\\,${((to - 0.5) / fps).toFixed(4)})`)
    .join('+') || '0';

/**
 * How the stills are cut into frames: a moving axis gives up two pixels of the still's margin to the copy shifted
 * by one pixel (odd pan positions are read from it), so each still is prepared in `phasesX × phasesY` copies.
 */
interface PanGeometry {
  phasesX: number;
  phasesY: number;
  copyWidth: number;
  copyHeight: number;
  marginX: number;
  marginY: number;
}

function panGeometry(job: Pick<RenderJob, 'width' | 'height' | 'stillSize'>): PanGeometry {
  const phasesX = job.stillSize.width - job.width >= 2 ? 2 : 1;
  const phasesY = job.stillSize.height - job.height >= 2 ? 2 : 1;
  const copyWidth = job.stillSize.width - 2 * (phasesX - 1);
  const copyHeight = job.stillSize.height - 2 * (phasesY - 1);
  return { phasesX, phasesY, copyWidth, copyHeight, marginX: copyWidth - job.width, marginY: copyHeight - job.height };
}

type ClipVisual = Extract<RenderVisual, { kind: 'clip' }>;
type ClipSlot = { slot: SceneSlot; index: number; visual: ClipVisual };
/** Frames [from, to) of a lane that show a clip, the clip's first `skip` frames left out. */
type Span = { clip: ClipSlot; from: number; to: number; skip: number };

/** What every graph builder reads: the job, and what its timeline says about lanes, once. */
interface RenderContext {
  job: RenderJob;
  fps: number;
  /** Frames of a crossfade. */
  fade: number;
  /** `trunc(t*fps+0.5)`: the frame being filtered. */
  frame: string;
  pan: PanGeometry;
  /** Frames each scene shares with the one before it. */
  overlap: readonly number[];
  /** The main lane shows scene k from the end of its incoming crossfade (scene 0 from the start) up to `mainEnd(k)`. */
  mainStarts: readonly number[];
  mainEnd: (index: number) => number;
  clips: readonly ClipSlot[];
  /** Has any scene a still? Without one the lanes are black. */
  hasStills: boolean;
  /** A scene's lane file: its still, or for a clip scene the nearest still (any still costs only a crop). */
  laneFile: (index: number) => string;
  /** An illustrated scene's stills with elements drawn in that the main lane shows, from `frame` on. */
  drawnIn: (index: number) => Array<{ file: string; frame: number; drawn: number }>;
  path: (name: string) => string;
}

/** How an illustrated scene rests, if the visual is one (manifests written before illustrations rested have none). */
const restOf = (visual: RenderVisual): MotionLayers['rest'] =>
  visual.kind === 'still' ? visual.layers?.rest : undefined;

function renderContext(job: RenderJob): RenderContext {
  const { timeline, visuals } = job;
  const scenes = timeline.scenes;
  const overlap = scenes.map((_, i) => overlapFrames(timeline, i));
  const mainStarts = scenes.map((s, i) => s.firstFrame + overlap[i]!);
  const mainEnd = (i: number) => mainStarts[i + 1] ?? timeline.totalFrames;
  const stillFiles = visuals.flatMap((v, i) => (v.kind === 'still' ? [{ file: v.file, index: i }] : []));
  return {
    job,
    fps: timeline.fps,
    fade: timeline.transitionFrames,
    frame: frameAt(timeline.fps),
    pan: panGeometry(job),
    overlap,
    mainStarts,
    mainEnd,
    clips: scenes.flatMap((slot, index) => {
      const visual = visuals[index]!;
      return visual.kind === 'clip' ? [{ slot, index, visual }] : [];
    }),
    hasStills: stillFiles.length > 0,
    laneFile: (i) =>
      stillFiles.reduce((best, s) => (Math.abs(s.index - i) < Math.abs(best.index - i) ? s : best), stillFiles[0]!)
        .file,
    drawnIn: (i) =>
      (restOf(visuals[i]!)?.stills ?? [])
        .map((s) => ({
          file: s.file,
          frame: scenes[i]!.firstFrame + Math.round(s.from * timeline.fps),
          drawn: s.drawn,
        }))
        .filter((s) => s.frame < mainEnd(i)),
    path: (name) => `${job.workDir.replace(/\/+$/, '')}/${name}`,
  };
}

/** The plan as it is built: helper files, ffmpeg's inputs in order, the filter graph's lines, the clip feeds. */
interface GraphParts {
  files: Record<string, string>;
  inputs: string[];
  lines: string[];
  feeds: ClipFeed[];
}

/** The number the next input will have in the graph. */
const nextInput = (parts: GraphParts): number => parts.inputs.filter((a) => a === '-i').length;

/** Adds an input (its options, then `-i` and the source) and gives its number in the graph. */
function addInput(parts: GraphParts, args: readonly string[]): number {
  const index = nextInput(parts);
  parts.inputs.push(...args);
  return index;
}

/**
 * The pan: a crop of the prepared copies whose origin moves one whole pixel every other frame, for each of `scenes` from
 * `starts` (an illustrated scene rests at its drawing's origin). crop rounds 4:2:0 origins down to even, so it only
 * moves plane pointers; the parities pick the copy whose rows and columns start one pixel later, stacked under the
 * first. y sees the x just computed.
 */
function panCrop(ctx: RenderContext, scenes: readonly number[], starts: readonly number[]): string {
  const { frame, pan, job } = ctx;
  const along = (axis: 'x' | 'y', move: 'dx' | 'dy', margin: number): string[] =>
    scenes.map((i) => {
      const rest = restOf(job.visuals[i]!);
      const slot = job.timeline.scenes[i]!;
      if (rest?.drift) return panExpression(slot, slot.pan[move], margin, frame, 2 * rest.drift);
      return rest ? String(rest.origin[axis]) : panExpression(slot, slot.pan[move], margin, frame);
    });
  const x = piecewise(starts, along('x', 'dx', pan.marginX), frame);
  const y = piecewise(starts, along('y', 'dy', pan.marginY), frame);
  const copy =
    [pan.phasesX > 1 ? `mod(x\\,2)*${pan.phasesY}` : '', pan.phasesY > 1 ? 'mod(ld(0)\\,2)' : '']
      .filter(Boolean)
      .join('+') || '0';
  return `crop=${ctx.job.width}:${ctx.job.height}:x='${x}':y='st(0\\,${y})\\;ld(0)+${pan.copyHeight}*(${copy})'`;
}

/**
 * Each still in 4:2:0 once per pan phase (even/odd column × even/odd row), the copies stacked into one picture,
 * so that each output frame is only a crop of it; converting every frame's 4:4:4 crop instead cost about a fifth
 * of x264's time. Straight from RGB to BT.709 4:2:0 (bilinear is plenty for halving chroma).
 */
function stillCopies(pan: PanGeometry, input: string, lane: string): string[] {
  const copies = pan.phasesX * pan.phasesY;
  const to420 = (copy: number) => {
    const dx = Math.floor(copy / pan.phasesY);
    const dy = copy % pan.phasesY;
    // A crop of an RGB picture only moves its data pointer.
    const shift = copies > 1 ? `crop=${pan.copyWidth}:${pan.copyHeight}:${dx}:${dy},` : '';
    return `${shift}scale=flags=bilinear:out_color_matrix=bt709:out_range=tv,format=yuv420p`;
  };
  if (copies === 1) return [`${input}${to420(0)}[${lane}]`];
  // The crops assume one pixel format, and stills come in two (designed ones RGB, illustrations RGBA): scale makes
  // each still RGB first (a still that is already passes as it is).
  const oneFormat = 'scale,format=rgb24';
  // vstack ends its stream at the last still's start, so fps would never show that still: one clone after it
  // gives fps the still's start to show (the hold after fps repeats it to the end).
  const lastStill = 'tpad=stop=1:stop_mode=clone';
  const copy = (i: number, stage: string) => `[${lane}-${stage}${i}]`;
  const all = Array.from({ length: copies }, (_, i) => i);
  return [
    `${input}${oneFormat},${lastStill},split=${copies}${all.map((i) => copy(i, 'full')).join('')}`,
    ...all.map((i) => `${copy(i, 'full')}${to420(i)}${copy(i, 'yuv')}`),
    `${all.map((i) => copy(i, 'yuv')).join('')}vstack=inputs=${copies}[${lane}]`,
  ];
}

/**
 * The stills scene `index` shows over frames [from, to) of a lane, each with its frames: its still (a placeholder
 * for a clip scene), or for an illustrated scene its background and then the stills with its elements drawn in.
 */
function sceneStills(
  ctx: RenderContext,
  index: number,
  from: number,
  to: number,
): Array<{ file: string; frames: number }> {
  const changes = [{ file: ctx.laneFile(index), frame: from }, ...ctx.drawnIn(index)];
  return changes.flatMap((c, k) => {
    const frames = Math.min(to, changes[k + 1]?.frame ?? to) - Math.max(from, c.frame);
    return frames > 0 ? [{ file: c.file, frames }] : [];
  });
}

/**
 * A lane of stills read from a concat list, for each of `windows` the stills its scene shows over frames [from, to),
 * held at the frame rate, placed at its frames in the video by `retime` when it holds only some of them, and panned
 * as each scene asks from its window's start: the chain that ends in the lane's label. The pan follows the video's
 * frame numbers, so it comes after the retiming: before it, the incoming lane's crossfades all read as the first
 * scene's, and the picture jumped where the main lane took over.
 */
function stillLane(
  ctx: RenderContext,
  parts: GraphParts,
  name: string,
  lane: { windows: ReadonlyArray<{ index: number; from: number; to: number }>; retime?: string },
): string {
  const { fps, job } = ctx;
  const frames = lane.windows.reduce((sum, w) => sum + w.to - w.from, 0);
  const retime = lane.retime ? `,setpts='(${lane.retime})/(${fps}*TB)'` : '';
  if (!ctx.hasStills)
    return `color=c=black:s=${job.width}x${job.height}:r=${fps},format=yuv420p,trim=end_frame=${frames}${retime}`;
  const list = ctx.path(`lane-${name}.ffconcat`);
  parts.files[list] = laneList(
    lane.windows.flatMap((w) => sceneStills(ctx, w.index, w.from, w.to)),
    fps,
  );
  // A still of another pixel format than the first made ffmpeg rebuild the whole graph mid-stream, which lost the
  // picture altogether; the lane's own filters take any format instead (see stillCopies).
  const input = addInput(parts, ['-threads', '1', '-reinit_filter', '0', '-f', 'concat', '-safe', '0', '-i', list]);
  parts.lines.push(...stillCopies(ctx.pan, `[${input}:v]`, `${name}-stills`));
  const hold = `fps=${fps},tpad=stop_mode=clone:stop=-1,trim=end_frame=${frames}`;
  const pan = panCrop(
    ctx,
    lane.windows.map((w) => w.index),
    lane.windows.map((w) => w.from),
  );
  return `[${name}-stills]${hold}${retime},${pan}`;
}

/**
 * Clip feeds: one pipe for the main lane's clip frames, one for the incoming lane's (the first frames of a clip
 * scene that comes in on a crossfade). Each lane pulls only its own pipe, in time order, so no lane ever holds
 * frames that another lane will need later.
 */
function clipSpans(ctx: RenderContext): { main: Span[]; incoming: Span[] } {
  const { clips, mainStarts, overlap, fade } = ctx;
  return {
    main: clips.map((c) => ({
      clip: c,
      from: mainStarts[c.index]!,
      to: ctx.mainEnd(c.index),
      skip: overlap[c.index]!,
    })),
    incoming: clips.flatMap((c) =>
      overlap[c.index]! > 0 ? [{ clip: c, from: c.slot.firstFrame, to: c.slot.firstFrame + fade, skip: 0 }] : [],
    ),
  };
}

/**
 * The clip frames of `spans` in the place of `lane`'s own frames while those spans show; the lane's label after it.
 * The k-th frame of a feed belongs at its span's start plus k less the frames of the feed's earlier spans.
 */
function withClips(
  ctx: RenderContext,
  parts: GraphParts,
  lane: string,
  use: 'main' | 'incoming',
  spans: readonly Span[],
): string {
  if (spans.length === 0) return lane;
  const { fps, job } = ctx;
  const pipe = ctx.path(`clips-${use}.pipe`);
  parts.feeds.push({
    pipe,
    feeders: spans.map((s) =>
      clipFeedArgs(
        { file: s.clip.visual.file, clip: s.clip.visual.clip, frames: s.to - s.from, skip: s.skip },
        { width: job.width, height: job.height },
        fps,
      ),
    ),
  });
  const counts = [0];
  for (const s of spans) counts.push(counts.at(-1)! + s.to - s.from);
  const retime = piecewise(
    counts.slice(0, -1),
    spans.map((s, k) => `${s.from - counts[k]!}+N`),
    'N',
  );
  const input = addInput(parts, [
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-video_size',
    `${job.width}x${job.height}`,
    '-framerate',
    String(fps),
    '-i',
    pipe,
  ]);
  parts.lines.push(`[${input}:v]setpts='(${retime})/(${fps}*TB)',setsar=1[clips-${use}]`);
  const covered = windows(
    spans.map((s) => [s.from, s.to] as const),
    fps,
  );
  // The lane's placeholder frames are dropped where a clip shows and the clip's frames take their places by
  // timestamp: no pixel is touched. An overlay converted every clip frame to 4:2:0 with alpha and blended it.
  parts.lines.push(`[${lane}]select='not(${covered})',setsar=1[${lane}-gaps]`);
  parts.lines.push(`[${lane}-gaps][clips-${use}]interleave[${lane}-clips]`);
  return `${lane}-clips`;
}

/**
 * The lanes joined into one picture: the main lane, and where scenes crossfade the incoming lane (only the frames
 * of each crossfade) blended over it, the outgoing picture ramped down frame by frame. Gives the picture's label.
 */
function joinedLanes(ctx: RenderContext, parts: GraphParts): string {
  const { job, fps, fade, overlap, mainStarts } = ctx;
  const scenes = job.timeline.scenes;
  const spans = clipSpans(ctx);
  const mainChain = stillLane(ctx, parts, 'main', {
    windows: scenes.map((_, i) => ({ index: i, from: mainStarts[i]!, to: ctx.mainEnd(i) })),
  });
  const crossfaded = scenes.flatMap((s, i) => (overlap[i]! > 0 ? [{ slot: s, index: i }] : []));
  if (crossfaded.length === 0) {
    parts.lines.push(`${mainChain}[main-lane]`);
    return withClips(ctx, parts, 'main-lane', 'main', spans.main);
  }
  // Opacity of the outgoing (main) picture, frame by frame through each crossfade.
  parts.files[ctx.path('fades.cmd')] = crossfaded
    .flatMap(({ slot: s }) =>
      Array.from(
        { length: fade },
        (_, j) =>
          `${((s.firstFrame + j - 0.25) / fps).toFixed(4)} blend all_opacity ${(1 - (j + 1) / (fade + 1)).toFixed(4)};`,
      ),
    )
    .join('\n');
  const incomingChain = stillLane(ctx, parts, 'incoming', {
    windows: crossfaded.map(({ slot, index }) => ({ index, from: slot.firstFrame, to: slot.firstFrame + fade })),
    // The incoming lane's k-th frame belongs at frame firstFrame + (k mod fade) of its scene.
    retime: piecewise(
      crossfaded.map((_, i) => i * fade),
      crossfaded.map(({ slot: s }, i) => `${s.firstFrame - i * fade}+N`),
      'N',
    ),
  });
  parts.lines.push(`${mainChain}[main-lane]`);
  parts.lines.push(`${incomingChain}[incoming-lane]`);
  const main = withClips(ctx, parts, 'main-lane', 'main', spans.main);
  const incoming = withClips(ctx, parts, 'incoming-lane', 'incoming', spans.incoming);
  parts.lines.push(`[${main}]sendcmd=f=${filterValue(ctx.path('fades.cmd'))}[main]`);
  const windowed = crossfaded.map(({ slot: s }) => [s.firstFrame, s.firstFrame + fade] as const);
  parts.lines.push(`[main][${incoming}]blend=all_mode=normal:all_opacity=1:enable='${windows(windowed, fps)}'[joined]`);
  return 'joined';
}

/**
 * Illustrations' elements over the joined lanes while they enter, until the lane's still has them drawn in (under
 * the dips, the logo and the captions); the picture's label.
 */
function illustrationOverlays(ctx: RenderContext, parts: GraphParts, picture: string): string {
  const { job, fps, overlap } = ctx;
  const scenes = job.timeline.scenes;
  const illustrated: PlacedLayers[] = scenes.flatMap((slot, i) => {
    const visual = job.visuals[i]!;
    if (visual.kind !== 'still' || !visual.layers) return [];
    const next = scenes[i + 1];
    const out = next ? { at: next.firstFrame / fps, seconds: Math.max(1, overlap[i + 1]!) / fps } : null;
    const rest = visual.layers.rest;
    // A drifting scene's camera moves over its drawing: what is overlaid on the frame moves with it.
    const shift = (axis: 'x' | 'y', move: 'dx' | 'dy', margin: number) =>
      `${rest!.origin[axis]}-(${panExpression(slot, slot.pan[move], margin, ctx.frame, 2 * rest!.drift!)})`;
    return [
      {
        layers: visual.layers,
        start: slot.firstFrame / fps,
        out,
        drawnIn: ctx.drawnIn(i).map((s) => ({ at: s.frame / fps, drawn: s.drawn })),
        ...(rest?.drift
          ? { shift: { x: shift('x', 'dx', ctx.pan.marginX), y: shift('y', 'dy', ctx.pan.marginY) } }
          : {}),
      },
    ];
  });
  if (illustrated.length === 0) return picture;
  const overlays = overlayFilters(illustrated, fps, nextInput(parts), picture, 'illustrated');
  parts.inputs.push(...overlays.inputs);
  parts.lines.push(...overlays.graph);
  return 'illustrated';
}

/** A dip: the outgoing picture fades to black over the half crossfade before the cut, the incoming one back after it. */
function dipFilters(ctx: RenderContext): string[] {
  const { fade, fps } = ctx;
  const lead = Math.floor(fade / 2);
  const dips = lead > 0 ? ctx.job.timeline.scenes.filter((s, i) => i > 0 && s.transition === 'dip') : [];
  return dips.flatMap((s) => {
    const cut = s.firstFrame;
    return [
      `fade=t=out:st=${((cut - lead) / fps).toFixed(4)}:d=${(lead / fps).toFixed(4)}:enable='${windows([[cut - lead, cut]], fps)}'`,
      `fade=t=in:st=${(cut / fps).toFixed(4)}:d=${((fade - lead) / fps).toFixed(4)}:enable='${windows([[cut, cut + fade - lead]], fps)}'`,
    ];
  });
}

/** The dips, then the logo (it stays while the picture goes through black), then the captions: `[vout]`. */
function finishedPicture(ctx: RenderContext, parts: GraphParts, joined: string): void {
  const { job } = ctx;
  let picture = `[${joined}]`;
  const dips = dipFilters(ctx);
  if (dips.length > 0) {
    parts.lines.push(`${picture}${dips.join(',')}[dipped]`);
    picture = '[dipped]';
  }
  if (job.logo) {
    const logoInput = addInput(parts, ['-i', job.logo.path]);
    parts.lines.push(...logoOverlayFilters(job.logo, logoInput, picture, '[branded]'));
    picture = '[branded]';
  }
  const captions = job.subtitles
    ? `ass=filename=${filterValue(job.subtitles.path)}:fontsdir=${filterValue(job.subtitles.fontsDir)}`
    : 'null';
  parts.lines.push(`${picture}${captions}[vout]`);
}

/**
 * The sound, `[aout]`: the narration, over the music (looped, faded in and out) and the ducked clips' own sound,
 * each bed dipping while someone speaks. Gives the clips' sound track to make before the render, if any.
 */
function audioMix(ctx: RenderContext, parts: GraphParts): ClipSoundPlan | null {
  const { job, fps } = ctx;
  const { timeline } = job;
  const narrationInput = addInput(parts, ['-i', job.narration]);
  const voice = `[${narrationInput}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const total = timeline.totalMs / 1000;
  const beds: string[] = [];
  if (job.music) {
    const fadeOut = Math.min(3, total / 2);
    const musicInput = addInput(parts, ['-stream_loop', '-1', '-i', job.music.path]);
    parts.lines.push(
      `[${musicInput}:a]atrim=duration=${total},aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${job.music.volume.toFixed(3)},` +
        `afade=t=in:d=${Math.min(2, total / 2)},afade=t=out:st=${(total - fadeOut).toFixed(3)}:d=${fadeOut}[music]`,
    );
    beds.push('music');
  }
  const ducked = ctx.clips.filter((c) => c.visual.audio === 'duck' && c.visual.clip.hasAudio);
  let clipSound: ClipSoundPlan | null = null;
  if (ducked.length > 0) {
    const ms = (frames: number) => Math.round((frames * 1000) / fps);
    clipSound = {
      file: ctx.path('clip-sound.wav'),
      totalMs: timeline.totalMs,
      parts: ducked.map((c) => ({
        args: clipSoundArgs(c.visual.file, c.visual.clip, ms(c.slot.frames)),
        startMs: ms(c.slot.firstFrame),
        ms: ms(c.slot.frames),
      })),
    };
    const input = addInput(parts, ['-i', clipSound.file]);
    parts.lines.push(`[${input}:a]aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${CLIP_SOUND_VOLUME}[clips]`);
    beds.push('clips');
  }
  if (beds.length === 0) {
    parts.lines.push(`${voice}[aout]`);
    return clipSound;
  }
  parts.lines.push(`${voice},asplit=${beds.length + 1}[voice]${beds.map((b) => `[key-${b}]`).join('')}`);
  // The narration keys a compressor on each bed, so music and clip sound dip while someone speaks.
  for (const bed of beds)
    parts.lines.push(
      `[${bed}][key-${bed}]sidechaincompress=threshold=0.015:ratio=8:attack=15:release=450[${bed}-ducked]`,
    );
  parts.lines.push(
    `[voice]${beds.map((b) => `[${b}-ducked]`).join('')}amix=inputs=${beds.length + 1}:duration=first:normalize=0[aout]`,
  );
  return clipSound;
}

/** ffmpeg's arguments: the inputs, the graph (in a file), x264 and AAC, BT.709 tags, exactly the timeline's frames. */
function encodeArgs(job: RenderJob, inputs: readonly string[], graphFile: string): string[] {
  const { settings } = job;
  const { fps, totalFrames } = job.timeline;
  return [
    '-y',
    ...inputs,
    // In a file: a long video's pan expressions outgrow what a single argument may hold.
    '-filter_complex_script',
    graphFile,
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    ...(settings.x264Params ? ['-x264-params', settings.x264Params] : []),
    '-crf',
    String(settings.crf),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(fps),
    // A keyframe every 4 s keeps seeking snappy in the browser player.
    '-g',
    String(fps * 4),
    ...(settings.threads > 0 ? ['-threads', String(settings.threads)] : []),
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-color_range',
    'tv',
    '-c:a',
    'aac',
    '-b:a',
    settings.audioBitrate,
    '-ar',
    '48000',
    '-frames:v',
    String(totalFrames),
    '-t',
    seconds(totalFrames, fps),
    '-movflags',
    '+faststart',
    job.output,
  ];
}

/** The render's one ffmpeg pass, composed from the builders above in the graph's order: picture, then sound. */
export function planRender(job: RenderJob): RenderPlan {
  const ctx = renderContext(job);
  const parts: GraphParts = { files: {}, inputs: [], lines: [], feeds: [] };
  finishedPicture(ctx, parts, illustrationOverlays(ctx, parts, joinedLanes(ctx, parts)));
  const clipSound = audioMix(ctx, parts);
  const graphFile = ctx.path('graph.txt');
  parts.files[graphFile] = parts.lines.join(';\n');
  return { files: parts.files, feeds: parts.feeds, clipSound, args: encodeArgs(job, parts.inputs, graphFile) };
}

/** A frame from the middle of the video, small enough for history lists. */
export function thumbnailArgs(video: string, durationMs: number, output: string): string[] {
  return [
    '-y',
    '-ss',
    (durationMs / 2000).toFixed(3),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=w=min(iw\\,960):h=-2',
    '-q:v',
    '3',
    output,
  ];
}

/** Scales and crops a user's image to cover the still size, so it can join a lane like a generated still. */
export function fitImageArgs(input: string, size: { width: number; height: number }, output: string): string[] {
  const { width, height } = size;
  return [
    '-y',
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},format=rgb24`,
    output,
  ];
}
