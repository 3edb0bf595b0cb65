/** The rules around scene pictures that need no server: cache keys, the visual order, credits, rate-limit waits, queries. */
import { describe, expect, it } from 'vitest';
import { createVideoRequestSchema, VISUAL_ORDER_SOURCES } from '~/contract/video.ts';
import { stockCredits } from '~/server/features/videos/pipeline/run.ts';
import { ProviderError, retryAfterMs } from '~/server/providers/http.ts';
import type { ChatProvider } from '~/server/providers/llm/types.ts';
import { chatSceneQueries, parseSceneQueries } from '~/server/providers/llm/visualQueries.ts';
import { stockCacheKey, stockLookupKey } from '~/server/providers/stock/cache.ts';
import { pickRendition } from '~/server/providers/stock/types.ts';

const base = {
  script: 'A short script about the sea and its waves.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'line',
  visuals: 'generated',
};

describe('stock cache keys', () => {
  it('ignore case and spacing of the query', () => {
    expect(stockCacheKey('pexels', 'Red  Barn ', 'landscape')).toBe(stockCacheKey('pexels', 'red barn', 'landscape'));
  });
  it('differ by provider, query and orientation', () => {
    const keys = [
      stockCacheKey('pexels', 'red barn', 'landscape'),
      stockCacheKey('pixabay', 'red barn', 'landscape'),
      stockCacheKey('pexels', 'red barn', 'portrait'),
      stockCacheKey('pexels', 'red barns', 'landscape'),
      stockCacheKey('pexels', 'red barn', 'landscape', 'video'),
      stockLookupKey('pexels', 'photo', '1'),
      stockLookupKey('pexels', 'video', '1'),
    ];
    expect(new Set(keys).size).toBe(7);
  });
});

describe('the video rendition downloaded', () => {
  const r = (width: number, height: number) => ({ url: `${width}x${height}.mp4`, width, height });
  it('is the largest not above 1080p, in either orientation', () => {
    expect(pickRendition([r(640, 360), r(3840, 2160), r(1920, 1080), r(1280, 720)])).toEqual(r(1920, 1080));
    expect(pickRendition([r(2160, 3840), r(720, 1280), r(1080, 1920)])).toEqual(r(1080, 1920));
    expect(pickRendition([r(960, 540), r(2560, 1440), r(1280, 720)])).toEqual(r(1280, 720));
  });
  it('takes a slightly odd 1080p size but nothing when only 4K is offered, and skips sizes it cannot read', () => {
    expect(pickRendition([r(2048, 1080), r(1280, 720)])).toEqual(r(2048, 1080));
    expect(pickRendition([r(3840, 2160), r(2560, 1440)])).toBeUndefined();
    expect(pickRendition([{ url: 'x.m3u8', width: 0, height: 0 }, r(640, 360)])).toEqual(r(640, 360));
  });
});

describe('visual order', () => {
  it('defaults to stock first, falls back to illustrations, and every order ends with the designed background', () => {
    expect(createVideoRequestSchema.parse(base).visualOrder).toBe('stock-first');
    for (const sources of Object.values(VISUAL_ORDER_SOURCES)) expect(sources.at(-1)).toBe('designed');
    expect(VISUAL_ORDER_SOURCES['stock-first']).toEqual(['stock', 'ai', 'illustration', 'designed']);
    expect(VISUAL_ORDER_SOURCES['ai-first']).toEqual(['ai', 'stock', 'illustration', 'designed']);
    expect(VISUAL_ORDER_SOURCES.illustration).toEqual(['illustration', 'designed']);
  });
  it('rejects an unknown order with a field message', () => {
    const parsed = createVideoRequestSchema.safeParse({ ...base, visualOrder: 'video-first' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['visualOrder'],
      message: 'Choose where the scene pictures come from.',
    });
  });
});

describe('stock credits', () => {
  it('name each picture once, with the scenes showing it', () => {
    const credit = (key: string) => ({
      key,
      provider: 'pexels' as const,
      author: key,
      authorUrl: null,
      sourceUrl: `https://www.pexels.com/photo/${key}/`,
    });
    expect(stockCredits([{ credit: credit('a') }, null, {}, { credit: credit('b') }, { credit: credit('a') }])).toEqual(
      [
        {
          provider: 'pexels',
          author: 'a',
          authorUrl: null,
          sourceUrl: 'https://www.pexels.com/photo/a/',
          scenes: [1, 5],
        },
        { provider: 'pexels', author: 'b', authorUrl: null, sourceUrl: 'https://www.pexels.com/photo/b/', scenes: [4] },
      ],
    );
  });
});

describe('rate-limit waits', () => {
  const now = 1_700_000_000_000;
  it('read Retry-After, a Pexels reset timestamp and a Pixabay reset in seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 90) }), now)).toBe(90_000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': '42' }), now)).toBe(42_000);
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

describe('scene queries from a chat model', () => {
  it('take one clean query per scene, or none', () => {
    expect(parseSceneQueries('Sure! {"queries": ["red barn at dawn", "espresso cup, steam!"]}', 2)).toEqual([
      'red barn at dawn',
      'espresso cup steam',
    ]);
    expect(parseSceneQueries('{"queries": ["only one"]}', 2)).toBeUndefined();
    expect(parseSceneQueries('{"queries": ["ok", ""]}', 2)).toBeUndefined();
    expect(parseSceneQueries('no json here', 1)).toBeUndefined();
  });
});

describe('scene queries', () => {
  const scenes = ['The lighthouse keeper climbed the stairs.', 'A fishing boat drifted toward the rocks.'];
  const chat = (reply: () => Promise<string>): ChatProvider => ({ id: 'test', model: 'test-model', complete: reply });

  it("use the model's queries when it sends one per scene", async () => {
    const write = chatSceneQueries(chat(async () => '{"queries": ["lighthouse keeper stairs", "fishing boat rocks"]}'));
    expect(await write(scenes)).toEqual(['lighthouse keeper stairs', 'fishing boat rocks']);
  });

  it('fall back to keywords, saying why, when the model fails or answers badly', async () => {
    const reasons: string[] = [];
    const failing = chatSceneQueries(
      chat(async () => {
        throw new ProviderError('rate_limited', 'test-model is busy right now. Please try again in a minute.');
      }),
      (reason) => reasons.push(reason),
    );
    const fallback = await failing(scenes);
    expect(fallback[0]).toContain('keeper');
    expect(fallback[1]).toContain('boat');
    expect(
      await chatSceneQueries(
        chat(async () => '{"queries": ["one"]}'),
        (reason) => reasons.push(reason),
      )(scenes),
    ).toEqual(fallback);
    expect(reasons).toEqual([
      'test-model: test-model is busy right now. Please try again in a minute.',
      'test-model sent no usable scene queries',
    ]);
  });
});
