import { describe, expect, it } from 'vitest';
import { drawOver } from '~/server/media/illustration/draw.ts';
import { ENTER_SECONDS, type MotionLayers, overlayFilters, stillSchedule } from '~/server/media/illustration/motion.ts';
import { DEFAULT_RENDER, planRender, type RenderVisual } from '~/server/media/render.ts';
import { buildTimeline, stillSize } from '~/server/media/timeline.ts';

const element = (delay: number, i: number) => ({ file: `/l/element-${i}.png`, x: 100 * i, y: 80, delay });

describe('the stills an illustrated scene shows', () => {
  it('draw an element in once it has entered, elements that are in within a second of each other together', () => {
    expect(stillSchedule({ elements: [0.6, 0.95, 1.15].map(element), counter: null })).toEqual([
      { from: 1.15 + ENTER_SECONDS, drawn: 3 },
    ]);
    expect(stillSchedule({ elements: [0.6, 3, 3.2].map(element), counter: null })).toEqual([
      { from: 0.6 + ENTER_SECONDS, drawn: 1 },
      { from: 3.2 + ENTER_SECONDS, drawn: 3 },
    ]);
  });

  it('are the background with each element laid over it as resvg would draw them together, clipped to the still', () => {
    const canvas = {
      width: 3,
      height: 1,
      pixels: Uint8Array.from([10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255]),
    };
    // Premultiplied: half-transparent red, then nothing, then white.
    const layer = { width: 3, height: 1, pixels: Uint8Array.from([128, 0, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]) };
    drawOver(canvas, layer, 1, 0);
    expect([...canvas.pixels]).toEqual([10, 20, 30, 255, 133, 10, 15, 255, 10, 20, 30, 255]);
  });

  it('never draw an element in before the ones under it, and draw the finished number in as the count ends', () => {
    // The second element is in first, but waits for the first, which it covers.
    expect(stillSchedule({ elements: [4, 1].map(element), counter: null })).toEqual([
      { from: 4 + ENTER_SECONDS, drawn: 2 },
    ]);
    expect(stillSchedule({ elements: [0.6, 3].map(element), counter: { element: 1 } })).toEqual([
      { from: 0.6 + ENTER_SECONDS, drawn: 1 },
      { from: 3, drawn: 2 },
    ]);
  });
});

describe('the elements of an illustrated scene over a still that has them drawn in', () => {
  const layers: MotionLayers = {
    width: 1280,
    height: 720,
    background: '/l/background.png',
    rest: { origin: { x: 50, y: 30 }, stills: [] },
    elements: [element(0.6, 0), element(3, 1)],
    counter: {
      x: 100,
      align: 'start',
      baseline: 300,
      fontSize: 90,
      color: '#fff',
      from: 0,
      to: 40,
      decimals: 0,
      prefix: '',
      suffix: '%',
      start: 1.8,
      duration: 1.2,
      element: 1,
    },
    fontFile: '/f.ttf',
  };

  it('are overlaid only while they enter, up to the frame before their still takes over, and a number drawn in as it stands is not', () => {
    const { inputs, graph } = overlayFilters(
      [
        {
          layers,
          start: 10,
          out: { at: 16, seconds: 0.6 },
          drawnIn: [
            { at: 11.2, drawn: 1 },
            { at: 13, drawn: 2 },
          ],
        },
      ],
      25,
      2,
      'joined',
      'out',
    );
    expect(inputs).toEqual(['-i', '/l/element-0.png']);
    const text = graph.join(';\n');
    expect(text).toContain("enable='between(t\\,10.60\\,11.18)'");
    expect(text).not.toContain('fade=t=out');
    // The count is drawn only while it counts.
    expect(text).toContain("enable='between(t\\,11.80\\,12.98)'");
  });

  it('stay overlaid, fading out with their scene, when their still would come after it', () => {
    const { graph } = overlayFilters(
      [{ layers, start: 10, out: { at: 12, seconds: 0.6 }, drawnIn: [] }],
      25,
      0,
      'joined',
      'out',
    );
    expect(graph.join(';\n')).toContain("enable='between(t\\,10.60\\,12.60)'");
    expect(graph.join(';\n')).toContain('fade=t=out:st=12.00:d=0.60:alpha=1');
  });
});

describe('a render plan with an illustrated scene', () => {
  const timeline = buildTimeline([6000, 6000], false);
  const size = stillSize(timeline, 1920, 1080);
  const origin = { x: (size.width - 1920) / 2, y: (size.height - 1080) / 2 };
  const illustrated: MotionLayers = {
    width: 1920,
    height: 1080,
    background: '/l/background.png',
    rest: { origin, stills: [{ file: '/l/drawn-2.png', from: 2, drawn: 2 }] },
    elements: [element(0.6, 0), element(0.9, 1)],
    counter: null,
    fontFile: '/f.ttf',
  };
  const visuals: RenderVisual[] = [
    { kind: 'still', file: '/s/designed.png' },
    { kind: 'still', file: illustrated.background, layers: illustrated },
  ];
  const plan = planRender({
    width: 1920,
    height: 1080,
    timeline,
    visuals,
    stillSize: size,
    narration: '/w/n.wav',
    output: '/w/v.mp4',
    workDir: '/w',
    settings: DEFAULT_RENDER,
  });
  const second = timeline.scenes[1]!;

  it('shows its background and then, from the frame its elements are in, its still with them drawn in', () => {
    const entries = [...plan.files['/w/lane-main.ffconcat']!.matchAll(/^file '([^']+)'\nduration ([\d.]+)$/gm)].map(
      (m) => [m[1], Math.round(Number(m[2]) * 25)],
    );
    const drawnFrom = second.firstFrame + 2 * 25;
    const mainStart = second.firstFrame + timeline.transitionFrames;
    expect(entries).toEqual([
      ['/s/designed.png', mainStart],
      ['/l/background.png', drawnFrom - mainStart],
      ['/l/drawn-2.png', timeline.totalFrames - drawnFrom],
    ]);
    // It comes in on the crossfade as its background.
    expect(plan.files['/w/lane-incoming.ffconcat']).toContain("file '/l/background.png'\nduration 0.6");
  });

  it('rests at its drawing’s origin instead of panning, on both lanes', () => {
    const lines = plan.files['/w/graph.txt']!.split(';\n');
    const crop = (lane: string) => lines.find((l) => l.startsWith(lane))!;
    const x = (line: string) => /:x='([^']*)'/.exec(line)![1]!;
    // The incoming lane shows only this scene; on the main lane it is the last piece of the piecewise crop.
    expect(x(crop('[incoming-stills]'))).toBe(String(origin.x));
    expect(crop('[incoming-stills]')).toContain(`y='st(0\\,${origin.y})`);
    expect(x(crop('[main-stills]')).endsWith(`\\,${origin.x})`)).toBe(true);
    expect(crop('[main-stills]')).toContain(`\\,${origin.y}))`);
  });
});
