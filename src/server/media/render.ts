/**
 * The single ffmpeg pass that turns stills, narration, music and captions into the finished MP4.
 *
 * Shape of the graph (each choice measured, see docs/benchmarks.md "Video pipeline"):
 *
 *   main lane      stills in order (concat demuxer, one entry per scene with its duration)
 *                  → RGB→BT.709 4:2:0 once per still, in four copies shifted by 0/1 pixel on each axis, stacked
 *                  → fps duplicates (references, no copies)
 *                  → crop moving one whole pixel per frame (the pan): even origins in the copy of the right
 *                    parity, so it only moves plane pointers and no frame is converted or scaled
 *   incoming lane  the same stills again, but only the frames of each crossfade (0.6 s per cut)
 *   blend          mixes the lanes only inside the crossfade windows; elsewhere the main frame passes through
 *   ass            captions, then x264.
 *
 * Why not one input and one xfade per scene: every xfade and every looped still keeps its buffers until the
 * graph ends, so memory grew with the number of scenes (≈800 MiB for 30 scenes before x264). Two lanes keep a
 * couple of stills alive at a time whatever the length. Stills share one size (the longest pan's), so the
 * lanes never change frame size mid-stream; each scene pans over its own part of that margin.
 */
import { logoOverlayFilters, type LogoOverlay } from './brand.ts';
import type { SceneSlot, Timeline } from './timeline.ts';

export interface RenderSettings {
  preset: string;
  crf: number;
  /** 0 lets x264 choose. */
  threads: number;
  audioBitrate: string;
}

export const DEFAULT_RENDER: RenderSettings = { preset: 'veryfast', crf: 23, threads: 0, audioBitrate: '160k' };

export interface RenderJob {
  width: number;
  height: number;
  timeline: Timeline;
  /** One PNG per scene, all of `stillSize`. */
  stills: readonly string[];
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

export interface RenderPlan {
  /** Helper files to write before running: absolute path → content. */
  files: Record<string, string>;
  args: string[];
}

/** Escapes a value for an option inside a filtergraph (both the option and the graph level). */
export const filterValue = (value: string): string =>
  value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');

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

/**
 * Crop origin on one axis for a scene: one pixel per frame across the scene's own travel, centred in the shared
 * margin, starting when the scene first appears (its incoming crossfade).
 */
export function panExpression(slot: SceneSlot, move: -1 | 0 | 1, margin: number, frame: string): string {
  const travel = Math.min(margin, Math.max(0, slot.frames - 1));
  const offset = Math.floor((margin - travel) / 2);
  if (move === 0) return String(Math.floor(margin / 2));
  const progressed = `min(max(${frame}-${slot.firstFrame}\\,0)\\,${travel})`;
  return move > 0 ? `${offset}+${progressed}` : `${offset + travel}-${progressed}`;
}

function laneList(entries: ReadonlyArray<{ file: string; frames: number }>, fps: number): string {
  return ['ffconcat version 1.0', ...entries.flatMap((e) => [`file ${concatPath(e.file)}`, `duration ${seconds(e.frames, fps)}`]), ''].join('\n');
}

export function planRender(job: RenderJob): RenderPlan {
  const { timeline, width, height, stillSize } = job;
  const { fps, transitionFrames: fade, totalFrames } = timeline;
  const scenes = timeline.scenes;
  const frame = frameAt(fps);
  // Pans use the still's margin except two pixels on a moving axis, which the copy shifted by one pixel gives up.
  const phasesX = stillSize.width - width >= 2 ? 2 : 1;
  const phasesY = stillSize.height - height >= 2 ? 2 : 1;
  const copyWidth = stillSize.width - 2 * (phasesX - 1);
  const copyHeight = stillSize.height - 2 * (phasesY - 1);
  const marginX = copyWidth - width;
  const marginY = copyHeight - height;
  const path = (name: string) => `${job.workDir.replace(/\/+$/, '')}/${name}`;
  const crossfades = scenes.length > 1 && fade > 0;

  // Main lane: scene k from the end of its incoming crossfade (scene 0 from the start) to the next one's end.
  const mainStarts = scenes.map((s, i) => (i === 0 ? 0 : s.firstFrame + (crossfades ? fade : 0)));
  const mainEntries = scenes.map((_, i) => ({ file: job.stills[i]!, frames: (mainStarts[i + 1] ?? totalFrames) - mainStarts[i]! }));
  const cropFor = (slots: readonly SceneSlot[], starts: readonly number[]) => {
    const x = piecewise(starts, slots.map((s) => panExpression(s, s.pan.dx, marginX, frame)), frame);
    const y = piecewise(starts, slots.map((s) => panExpression(s, s.pan.dy, marginY, frame)), frame);
    // crop rounds 4:2:0 origins down to even, so it only moves plane pointers; the parities pick the copy whose
    // rows and columns start one pixel later, stacked under the first. y sees the x just computed.
    const copy = [phasesX > 1 ? `mod(x\\,2)*${phasesY}` : '', phasesY > 1 ? 'mod(ld(0)\\,2)' : ''].filter(Boolean).join('+') || '0';
    return `crop=${width}:${height}:x='${x}':y='st(0\\,${y})\\;ld(0)+${copyHeight}*(${copy})'`;
  };
  /**
   * Each still in 4:2:0 once per pan phase (even/odd column × even/odd row), the copies stacked into one picture,
   * so that each output frame is only a crop of it; converting every frame's 4:4:4 crop instead cost about a fifth
   * of x264's time. Straight from RGB to BT.709 4:2:0 (bilinear is plenty for halving chroma).
   */
  const prepared = (input: string, lane: string): string[] => {
    const copies = phasesX * phasesY;
    const to420 = (copy: number) => {
      const dx = Math.floor(copy / phasesY);
      const dy = copy % phasesY;
      // A crop of an RGB picture only moves its data pointer.
      const shift = copies > 1 ? `crop=${copyWidth}:${copyHeight}:${dx}:${dy},` : '';
      return `${shift}scale=flags=bilinear:out_color_matrix=bt709:out_range=tv,format=yuv420p`;
    };
    if (copies === 1) return [`${input}${to420(0)}[${lane}]`];
    // vstack ends its stream at the last still's start, so fps would never show that still: one clone after it
    // gives fps the still's start to show (the hold after fps repeats it to the end).
    const lastStill = 'tpad=stop=1:stop_mode=clone';
    const copy = (i: number, stage: string) => `[${lane}-${stage}${i}]`;
    const all = Array.from({ length: copies }, (_, i) => i);
    return [
      `${input}${lastStill},split=${copies}${all.map((i) => copy(i, 'full')).join('')}`,
      ...all.map((i) => `${copy(i, 'full')}${to420(i)}${copy(i, 'yuv')}`),
      `${all.map((i) => copy(i, 'yuv')).join('')}vstack=inputs=${copies}[${lane}]`,
    ];
  };
  const hold = (frames: number) => `fps=${fps},tpad=stop_mode=clone:stop=-1,trim=end_frame=${frames}`;

  const files: Record<string, string> = { [path('lane-main.ffconcat')]: laneList(mainEntries, fps) };
  const graph: string[] = [];
  const inputs: string[] = ['-threads', '1', '-f', 'concat', '-safe', '0', '-i', path('lane-main.ffconcat')];

  if (crossfades) {
    const incoming = scenes.slice(1);
    files[path('lane-incoming.ffconcat')] = laneList(
      incoming.map((_, i) => ({ file: job.stills[i + 1]!, frames: fade })),
      fps,
    );
    inputs.push('-threads', '1', '-f', 'concat', '-safe', '0', '-i', path('lane-incoming.ffconcat'));
    // Opacity of the outgoing (main) picture, frame by frame through each crossfade.
    files[path('fades.cmd')] = incoming
      .flatMap((s) => Array.from({ length: fade }, (_, j) => `${((s.firstFrame + j - 0.25) / fps).toFixed(4)} blend all_opacity ${(1 - (j + 1) / (fade + 1)).toFixed(4)};`))
      .join('\n');
    const windows = incoming.map((s) => `between(t\\,${((s.firstFrame - 0.5) / fps).toFixed(4)}\\,${((s.firstFrame + fade - 0.5) / fps).toFixed(4)})`).join('+');
    // The incoming lane's k-th frame belongs at frame firstFrame + (k mod fade) of its scene.
    const retime = piecewise(
      incoming.map((_, i) => i * fade),
      incoming.map((s, i) => `${s.firstFrame - i * fade}+N`),
      'N',
    );
    graph.push(...prepared('[0:v]', 'main-stills'), ...prepared('[1:v]', 'incoming-stills'));
    graph.push(`[main-stills]${hold(totalFrames)},${cropFor(scenes, mainStarts)},sendcmd=f=${filterValue(path('fades.cmd'))}[main]`);
    graph.push(
      `[incoming-stills]${hold(incoming.length * fade)},setpts='(${retime})/(${fps}*TB)',` +
        `${cropFor(incoming, incoming.map((s) => s.firstFrame))}[incoming]`,
    );
    graph.push(`[main][incoming]blend=all_mode=normal:all_opacity=1:enable='${windows}'[joined]`);
  } else {
    graph.push(...prepared('[0:v]', 'main-stills'), `[main-stills]${hold(totalFrames)},${cropFor(scenes, mainStarts)}[joined]`);
  }
  const captions = job.subtitles ? `ass=filename=${filterValue(job.subtitles.path)}:fontsdir=${filterValue(job.subtitles.fontsDir)}` : 'null';
  let picture = '[joined]';
  if (job.logo) {
    const logoInput = inputs.filter((a) => a === '-i').length;
    inputs.push('-i', job.logo.path);
    graph.push(...logoOverlayFilters(job.logo, logoInput, picture, '[branded]'));
    picture = '[branded]';
  }
  graph.push(`${picture}${captions}[vout]`);

  const narrationInput = inputs.filter((a) => a === '-i').length;
  inputs.push('-i', job.narration);
  const voice = `[${narrationInput}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`;
  if (job.music) {
    const total = timeline.totalMs / 1000;
    const fadeOut = Math.min(3, total / 2);
    inputs.push('-stream_loop', '-1', '-i', job.music.path);
    graph.push(`${voice},asplit=2[voice][key]`);
    graph.push(
      `[${narrationInput + 1}:a]atrim=duration=${total},aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${job.music.volume.toFixed(3)},` +
        `afade=t=in:d=${Math.min(2, total / 2)},afade=t=out:st=${(total - fadeOut).toFixed(3)}:d=${fadeOut}[bed]`,
    );
    // The narration keys a compressor on the music, so the music dips while someone speaks.
    graph.push('[bed][key]sidechaincompress=threshold=0.015:ratio=8:attack=15:release=450[ducked]');
    graph.push('[voice][ducked]amix=inputs=2:duration=first:normalize=0[aout]');
  } else {
    graph.push(`${voice}[aout]`);
  }
  files[path('graph.txt')] = graph.join(';\n');

  const { settings } = job;
  const args = [
    '-y',
    ...inputs,
    // In a file: a long video's pan expressions outgrow what a single argument may hold.
    '-filter_complex_script',
    path('graph.txt'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
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
  return { files, args };
}

/** A frame from the middle of the video, small enough for history lists. */
export function thumbnailArgs(video: string, durationMs: number, output: string): string[] {
  return ['-y', '-ss', (durationMs / 2000).toFixed(3), '-i', video, '-frames:v', '1', '-vf', 'scale=w=min(iw\\,960):h=-2', '-q:v', '3', output];
}

/** Scales and crops a user's image to cover the still size, so it can join a lane like a generated still. */
export function fitImageArgs(input: string, size: { width: number; height: number }, output: string): string[] {
  const { width, height } = size;
  return ['-y', '-i', input, '-frames:v', '1', '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},format=rgb24`, output];
}
