import { describe, expect, it } from 'vitest';
import {
  type ClipInfo,
  clipFeedArgs,
  clipInfo,
  clipLoops,
  clipRotation,
  matrixFilters,
  uprightFilters,
} from '~/server/media/clip.ts';
import { type ClipFeed, DEFAULT_RENDER, planRender, type RenderVisual } from '~/server/media/render.ts';
import { mixClipSound } from '~/server/media/render-run.ts';
import { buildTimeline, type SceneSlot, stillSize } from '~/server/media/timeline.ts';

const landscape: ClipInfo = { durationMs: 12_000, width: 1920, height: 1080, rotation: 0, fps: 30, hasAudio: true };

describe('clip probing', () => {
  it('reads a phone’s display matrix (counter-clockwise) and the legacy rotate tag (clockwise) as the turn to upright', () => {
    expect(clipRotation({ side_data_list: [{ rotation: -90 }] })).toBe(90);
    expect(clipRotation({ side_data_list: [{ rotation: 90 }] })).toBe(270);
    expect(clipRotation({ side_data_list: [{ rotation: 180 }] })).toBe(180);
    expect(clipRotation({ side_data_list: [{ rotation: -180 }] })).toBe(180);
    expect(clipRotation({ tags: { rotate: '90' } })).toBe(90);
    expect(clipRotation({ side_data_list: [{ rotation: -90 }], tags: { rotate: '270' } })).toBe(90);
    expect(clipRotation({})).toBe(0);
  });

  it('gives the size as displayed: a sideways-stored portrait clip is taller than wide', () => {
    const info = clipInfo({
      durationMs: 4200,
      size: 1,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          color_space: 'bt709',
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac' },
      ],
    });
    expect(info).toEqual({
      durationMs: 4200,
      width: 1080,
      height: 1920,
      rotation: 90,
      fps: 30000 / 1001,
      hasAudio: true,
      colorSpace: 'bt709',
    });
  });

  it('refuses a file without a picture', () => {
    expect(() =>
      clipInfo({ durationMs: 1000, size: 1, formatName: 'mp4', streams: [{ codec_type: 'audio', codec_name: 'aac' }] }),
    ).toThrow(/no video picture/);
  });
});

describe('a clip scene’s frames', () => {
  it('turns a clip upright with a transpose one way or the other, or both flips', () => {
    expect(uprightFilters(0)).toEqual([]);
    expect(uprightFilters(90)).toEqual(['transpose=clock']);
    expect(uprightFilters(270)).toEqual(['transpose=cclock']);
    expect(uprightFilters(180)).toEqual(['hflip', 'vflip']);
  });

  it('converts SD colours (BT.601, tagged or not) to BT.709 and leaves HD ones alone', () => {
    expect(matrixFilters({ colorSpace: 'smpte170m', width: 1920, height: 1080 })).toEqual([
      'colorspace=all=bt709:iall=bt601-6-625:fast=1',
    ]);
    expect(matrixFilters({ width: 640, height: 480 })).toHaveLength(1);
    expect(matrixFilters({ colorSpace: 'bt709', width: 640, height: 480 })).toEqual([]);
    expect(matrixFilters({ width: 1080, height: 1920 })).toEqual([]);
  });

  it('counts the frames it skips when deciding to loop', () => {
    expect(clipLoops({ file: '/c.mp4', clip: { ...landscape, durationMs: 10_000 }, frames: 240, skip: 15 }, 25)).toBe(
      true,
    );
  });

  it('trims a clip longer than its scene and loops one shorter', () => {
    const long = { file: '/c.mp4', clip: landscape, frames: 250 };
    const short = { file: '/c.mp4', clip: { ...landscape, durationMs: 6000 }, frames: 250 };
    expect(clipLoops(long, 25)).toBe(false);
    expect(clipLoops(short, 25)).toBe(true);
    expect(clipFeedArgs(long, { width: 1920, height: 1080 }, 25)).not.toContain('-stream_loop');
    const looped = clipFeedArgs(short, { width: 1920, height: 1080 }, 25);
    expect(looped.slice(looped.indexOf('-stream_loop'), looped.indexOf('-i'))).toEqual(['-stream_loop', '-1']);
  });

  it('writes exactly the scene’s frames at the output rate, upright, covering the frame, in BT.709 4:2:0', () => {
    const args = clipFeedArgs(
      { file: '/phone.mov', clip: { ...landscape, rotation: 90 }, frames: 137 },
      { width: 1080, height: 1920 },
      25,
    );
    const filters = args[args.indexOf('-vf') + 1]!.split(',');
    expect(filters[0]).toBe('fps=25');
    expect(filters[1]).toBe('transpose=clock');
    expect(filters[2]).toMatch(
      /^scale=1080:1920:force_original_aspect_ratio=increase:.*out_color_matrix=bt709:out_range=tv/,
    );
    expect(filters.slice(3)).toEqual(['crop=1080:1920', 'format=yuv420p', 'tpad=stop=-1:stop_mode=clone']);
    expect(args.slice(args.indexOf('-frames:v'))).toEqual([
      '-frames:v',
      '137',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      'pipe:1',
    ]);
    expect(args).toContain('-an');
  });
});

describe('a render plan with clips', () => {
  const timeline = buildTimeline([5000, 5000, 5000, 5000, 5000], false, [
    'crossfade',
    'crossfade',
    'cut',
    'crossfade',
    'dip',
  ]);
  const clip = (file: string, audio: 'mute' | 'duck' = 'mute'): RenderVisual => ({
    kind: 'clip',
    file,
    clip: landscape,
    audio,
  });
  const visuals: RenderVisual[] = [
    clip('/a.mp4', 'duck'),
    clip('/b.mp4'),
    { kind: 'still', file: '/s.png' },
    clip('/c.mp4'),
    { kind: 'still', file: '/t.png' },
  ];
  const plan = planRender({
    width: 1920,
    height: 1080,
    timeline,
    visuals,
    stillSize: stillSize(timeline, 1920, 1080),
    narration: '/w/narration.wav',
    output: '/w/video.mp4',
    workDir: '/w',
    settings: DEFAULT_RENDER,
  });
  const graph = plan.files['/w/graph.txt']!;
  const fadeLen = timeline.transitionFrames;

  it('feeds each lane its own pipe: the main lane each clip after its crossfade in, the incoming lane those crossfades', () => {
    expect(plan.feeds.map((f) => f.pipe)).toEqual(['/w/clips-main.pipe', '/w/clips-incoming.pipe']);
    const [main, incoming] = plan.feeds as [ClipFeed, ClipFeed];
    const input = (a: string[]) => a[a.indexOf('-i') + 1];
    const frames = (a: string[]) => Number(a[a.indexOf('-frames:v') + 1]);
    expect(main.feeders.map(input)).toEqual(['/a.mp4', '/b.mp4', '/c.mp4']);
    const [a, b, , c] = timeline.scenes as [SceneSlot, SceneSlot, SceneSlot, SceneSlot];
    const fade = timeline.transitionFrames;
    // Scene 1 comes in on a crossfade: the main lane shows it from the crossfade's end, skipping what the incoming lane showed.
    expect(main.feeders.map(frames)).toEqual([
      b.firstFrame + fade,
      timeline.scenes[2]!.firstFrame - (b.firstFrame + fade),
      c.frames - fade,
    ]);
    expect(main.feeders[1]!.join(' ')).toContain(`trim=start_frame=${fade}`);
    expect(main.feeders[0]!.join(' ')).not.toContain('trim=');
    expect(a.firstFrame).toBe(0);
    expect(incoming.feeders.map(input)).toEqual(['/b.mp4', '/c.mp4']);
    expect(incoming.feeders.map(frames)).toEqual([fade, fade]);
    expect(plan.args.filter((arg) => arg.endsWith('.pipe'))).toEqual(['/w/clips-main.pipe', '/w/clips-incoming.pipe']);
  });

  it('places each pipe’s frames at their spans’ frames', () => {
    const [b, c] = [timeline.scenes[1]!, timeline.scenes[3]!];
    expect(graph).toContain(
      `setpts='(if(lt(N\\,${fadeLen})\\,${b.firstFrame}+N\\,${c.firstFrame - fadeLen}+N))/(25*TB)',setsar=1[clips-incoming]`,
    );
  });

  it('puts clip frames in the place of each lane’s own frames while their spans show, painting nothing over', () => {
    const lines = graph.split(';\n');
    const gaps = lines.filter((l) => l.includes('select='));
    expect(gaps.map((l) => /^\[([^\]]+)\]/.exec(l)![1])).toEqual(['main-lane', 'incoming-lane']);
    expect(gaps[0]!.match(/between/g)).toHaveLength(3);
    expect(gaps[1]!.match(/between/g)).toHaveLength(2);
    const joins = lines.filter((l) => l.includes('interleave'));
    expect(joins.map((l) => /^\[([^\]]+)\]\[([^\]]+)\]/.exec(l)!.slice(1).join(' + '))).toEqual([
      'main-lane-gaps + clips-main',
      'incoming-lane-gaps + clips-incoming',
    ]);
    expect(graph).not.toContain('overlay=');
  });

  it('blends only the crossfades, and fades through black around the dip', () => {
    const blend = graph.split(';\n').find((l) => l.includes('blend='))!;
    expect(blend.match(/between/g)).toHaveLength(2);
    const dip = timeline.scenes[4]!.firstFrame;
    expect(graph).toContain(`fade=t=out:st=${((dip - 7) / 25).toFixed(4)}:d=0.2800`);
    expect(graph).toContain(`fade=t=in:st=${(dip / 25).toFixed(4)}:d=0.3200`);
  });

  it('ducks only the clips whose sound was kept, under the narration', () => {
    expect(plan.clipSound?.parts).toHaveLength(1);
    expect(plan.clipSound!.parts[0]!.args[plan.clipSound!.parts[0]!.args.indexOf('-i') + 1]).toBe('/a.mp4');
    expect(graph).toContain('[clips][key-clips]sidechaincompress');
    expect(graph).toMatch(/\[voice\]\[clips-ducked\]amix=inputs=2/);
  });

  it('puts a clip-only video on black lanes, with no still to read', () => {
    const only = planRender({
      width: 1280,
      height: 720,
      timeline,
      visuals: timeline.scenes.map((_, i) => clip(`/${i}.mp4`)),
      stillSize: stillSize(timeline, 1280, 720),
      narration: '/w/n.wav',
      output: '/w/v.mp4',
      workDir: '/w',
      settings: DEFAULT_RENDER,
    });
    expect(Object.keys(only.files).some((f) => f.endsWith('.ffconcat'))).toBe(false);
    expect(only.files['/w/graph.txt']).toContain(
      `color=c=black:s=1280x720:r=25,format=yuv420p,trim=end_frame=${timeline.totalFrames}[main-lane]`,
    );
    expect(only.clipSound).toBeNull();
  });

  it('has no pipes and nothing to interleave for stills only', () => {
    const stills = planRender({
      width: 1920,
      height: 1080,
      timeline,
      visuals: timeline.scenes.map((_, i) => ({ kind: 'still', file: `/${i}.png` })),
      stillSize: stillSize(timeline, 1920, 1080),
      narration: '/w/n.wav',
      output: '/w/v.mp4',
      workDir: '/w',
      settings: DEFAULT_RENDER,
    });
    expect(stills.feeds).toEqual([]);
    expect(stills.files['/w/graph.txt']).not.toMatch(/select=|interleave/);
  });
});

describe('the clips’ sound track', () => {
  it('places each part at its scene, fading its ends, and adds overlapping parts', () => {
    const part = (value: number, seconds: number) => new Int16Array(48_000 * 2 * seconds).fill(value);
    const track = mixClipSound({ totalMs: 3000 }, [
      { startMs: 0, pcm: part(1000, 2) },
      { startMs: 1000, pcm: part(500, 2) },
    ]);
    expect(track.length).toBe(3 * 48_000 * 2);
    const at = (seconds: number) => track[Math.round(seconds * 48_000) * 2]!;
    expect(at(0)).toBe(0);
    expect(at(0.5)).toBe(1000);
    expect(at(1.5)).toBe(1500);
    expect(at(2.5)).toBe(500);
  });
});
