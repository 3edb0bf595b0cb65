import { describe, expect, it } from 'vitest';
import { filterValue } from '~/server/media/ffmpeg.ts';
import { DEFAULT_RENDER, panExpression, planRender, type RenderJob } from '~/server/media/render.ts';
import { buildTimeline, PAN_FRAMES_PER_PIXEL, stillSize } from '~/server/media/timeline.ts';

function job(audioMs: number[] = [6000, 7000, 5000], overrides: Partial<RenderJob> = {}): RenderJob {
  const timeline = buildTimeline(audioMs, false);
  return {
    width: 1920,
    height: 1080,
    timeline,
    visuals: timeline.scenes.map((_, i) => ({ kind: 'still' as const, file: `/w/stills/scene-${i}.png` })),
    stillSize: stillSize(timeline, 1920, 1080),
    narration: '/w/narration.wav',
    output: '/w/video.mp4',
    workDir: '/w',
    settings: DEFAULT_RENDER,
    ...overrides,
  };
}

/** Evaluates one of our ffmpeg expressions at a frame (the subset we emit: if, lt, min, max, mod, floor, st/ld, trunc(t*fps+0.5)). */
function evaluate(expr: string, frame: number, scope: { x?: number; stored?: number[] } = {}): number {
  const stored = scope.stored ?? [];
  const js = expr
    .replace(/\\([,;])/g, '$1')
    .replace(/trunc\(t\*\d+\+0\.5\)/g, 'F')
    .replace(/\bif\(/g, 'iff(')
    .replace(/;/g, ',');
  const fn = new Function('F', 'x', 'iff', 'lt', 'min', 'max', 'mod', 'floor', 'st', 'ld', `return (${js});`) as (
    ...args: unknown[]
  ) => number;
  return fn(
    frame,
    scope.x,
    (c: unknown, a: number, b: number) => (c ? a : b),
    (a: number, b: number) => a < b,
    Math.min,
    Math.max,
    (a: number, b: number) => a % b,
    Math.floor,
    (i: number, v: number) => (stored[i] = v),
    (i: number) => stored[i],
  );
}

const cropOf = (line: string, axis: 'x' | 'y'): string => new RegExp(`:${axis}='([^']*)'`).exec(line)![1]!;

describe('render plan', () => {
  const j = job();
  const plan = planRender(j);
  const graph = plan.files['/w/graph.txt']!.split(';\n');
  const main = graph.find((l) => l.startsWith('[main-stills]'))!;
  const incoming = graph.find((l) => l.startsWith('[incoming-stills]'))!;

  it('decodes stills once per lane from two concat lists, never with -loop 1', () => {
    expect(plan.args).not.toContain('-loop');
    expect(plan.files['/w/lane-main.ffconcat']!.match(/^file /gm)).toHaveLength(3);
    expect(plan.files['/w/lane-incoming.ffconcat']).toContain("file '/w/stills/scene-1.png'");
    expect(plan.files['/w/lane-incoming.ffconcat']).not.toContain('scene-0.png');
    const durations = [...plan.files['/w/lane-main.ffconcat']!.matchAll(/^duration ([\d.]+)$/gm)].map((m) =>
      Number(m[1]),
    );
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(j.timeline.totalFrames / 25, 6);
    // RGB → BT.709 happens once per still for each of the four pan-phase copies, in each lane.
    expect(graph.filter((l) => l.includes('out_color_matrix=bt709'))).toHaveLength(8);
  });

  it('crossfades only inside the windows, ramping the outgoing picture down frame by frame', () => {
    const blend = graph.find((l) => l.includes('blend='))!;
    expect(blend.match(/between\(t/g)).toHaveLength(2);
    const commands = plan.files['/w/fades.cmd']!.trim().split('\n');
    expect(commands).toHaveLength(2 * j.timeline.transitionFrames);
    const opacities = commands
      .slice(0, j.timeline.transitionFrames)
      .map((c) => Number(/all_opacity ([\d.]+)/.exec(c)![1]));
    for (let i = 1; i < opacities.length; i++) expect(opacities[i]).toBeLessThan(opacities[i - 1]!);
    expect(Number(commands[0]!.split(' ')[0]) * 25).toBeCloseTo(j.timeline.scenes[1]!.firstFrame - 0.25, 3);
  });

  it('pans by one whole pixel every other frame, inside the still, continuing across a crossfade', () => {
    // Two pixels of the still go to the copy shifted by one (see stillSize).
    const margin = j.stillSize.width - 2 - 1920;
    const x = cropOf(main, 'x');
    const second = j.timeline.scenes[1]!;
    const third = j.timeline.scenes[2]!;
    // Frames 0 and 1 at the first place, 2 and 3 one pixel on, ...: a repeated frame, then a moved one.
    for (let f = 1; f < second.firstFrame; f++)
      expect(Math.abs(evaluate(x, f) - evaluate(x, f - 1))).toBe(f % PAN_FRAMES_PER_PIXEL === 0 ? 1 : 0);
    for (let f = 0; f < j.timeline.totalFrames; f++) {
      expect(evaluate(x, f)).toBeGreaterThanOrEqual(0);
      expect(evaluate(x, f)).toBeLessThanOrEqual(margin);
    }
    // The incoming lane shows scene 2 during its crossfade exactly where the main lane picks it up afterwards.
    const incomingX = cropOf(incoming, 'x');
    const handover = second.firstFrame + j.timeline.transitionFrames;
    const secondX = panExpression(second, second.pan.dx, margin, 'trunc(t*25+0.5)');
    expect(evaluate(x, handover) - evaluate(incomingX, handover - 1)).toBe(
      evaluate(secondX, handover) - evaluate(secondX, handover - 1),
    );
    expect(evaluate(cropOf(incoming, 'x'), third.firstFrame)).toBe(
      evaluate(panExpression(third, third.pan.dx, margin, 'trunc(t*25+0.5)'), third.firstFrame),
    );
  });

  it('converts each still to 4:2:0 once per lane; every frame is a crop of it, whole pixels as the pan asks', () => {
    // After the frame-rate duplication nothing rescales or converts: a crop of a ready picture costs no pixel work.
    for (const lane of [main, incoming]) expect(lane.split(/fps=25/)[1]).not.toMatch(/scale=|format=/);
    const copies = graph
      .filter((l) => l.startsWith('[main-stills-full'))
      .map((l) => /^\[[^\]]+\]crop=(\d+):(\d+):(\d):(\d),scale=/.exec(l)!);
    expect(copies).toHaveLength(4);
    const copyHeight = Number(copies[0]![2]);
    const x = cropOf(main, 'x');
    const y = cropOf(main, 'y');
    for (let f = 0; f < j.timeline.totalFrames; f++) {
      const panX = evaluate(x, f);
      const stored: number[] = [];
      const rawY = evaluate(y, f, { x: panX, stored });
      // crop takes 4:2:0 origins down to even numbers.
      const [cropX, cropY] = [panX - (panX % 2), rawY - (rawY % 2)];
      const copy = copies[Math.floor(cropY / copyHeight)]!;
      expect([cropX + Number(copy[3]), (cropY % copyHeight) + Number(copy[4])]).toEqual([panX, stored[0]]);
      expect(cropX + 1920).toBeLessThanOrEqual(Number(copy[1]));
      expect((cropY % copyHeight) + 1080).toBeLessThanOrEqual(copyHeight);
    }
  });

  it('encodes H.264 + AAC in MP4 with faststart, tagged BT.709, with the timeline’s frame count', () => {
    const { args } = plan;
    for (const flag of ['-colorspace', '-color_primaries', '-color_trc'])
      expect(args[args.indexOf(flag) + 1]).toBe('bt709');
    expect(args[args.indexOf('-c:v') + 1]).toBe('libx264');
    expect(args[args.indexOf('-c:a') + 1]).toBe('aac');
    expect(args[args.indexOf('-movflags') + 1]).toBe('+faststart');
    expect(args[args.indexOf('-frames:v') + 1]).toBe(String(j.timeline.totalFrames));
    expect(args[args.indexOf('-filter_complex_script') + 1]).toBe('/w/graph.txt');
  });

  it('burns captions and ducks looping music under the voice when asked', () => {
    const withExtras = planRender(
      job(undefined, {
        music: { path: '/w/music.wav', volume: 0.3 },
        subtitles: { path: '/w/cap.ass', fontsDir: '/fonts' },
      }),
    );
    const args = withExtras.args;
    expect(args.slice(args.indexOf('/w/music.wav') - 3, args.indexOf('/w/music.wav'))).toEqual([
      '-stream_loop',
      '-1',
      '-i',
    ]);
    const text = withExtras.files['/w/graph.txt']!;
    expect(text).toContain('ass=filename=/w/cap.ass:fontsdir=/fonts');
    expect(text).toContain('[3:a]atrim=duration=');
    expect(text).toContain('sidechaincompress');
    expect(text).toContain('volume=0.300');
    expect(plan.files['/w/graph.txt']).not.toContain('sidechaincompress');
  });

  it('needs no second lane for a single scene', () => {
    const single = planRender(job([4000]));
    expect(Object.keys(single.files).sort()).toEqual(['/w/graph.txt', '/w/lane-main.ffconcat']);
    expect(single.files['/w/graph.txt']).not.toContain('blend');
  });

  it('escapes paths for the filtergraph', () => {
    expect(filterValue("/tmp/it's:here,[x];")).toBe("/tmp/it\\\\\\'s\\\\:here\\,\\[x\\]\\;");
  });
});
