import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LedgerQuery, ProfileSyncBody } from '~/contract/api.ts';
import { fieldErrors } from '~/contract/errors.ts';
import { imageRequestSchema } from '~/contract/images.ts';
import { formatPageCursor, pageCursor, parsePageCursor } from '~/contract/paging.ts';
import { scriptContentSchema, scriptRequestSchema } from '~/contract/scripts.ts';
import { snapSpeed, speechPreviewQuery, speechRequestSchema } from '~/contract/speech.ts';
import { cleanFileName, findUncleanText, isCleanText, UNSAFE_TEXT_MESSAGE } from '~/contract/text.ts';
import { createVideoRequestSchema } from '~/contract/video.ts';

const fieldsOf = (result: { error?: { issues: readonly z.core.$ZodIssue[] } }) =>
  fieldErrors(result.error?.issues ?? []);

describe('the text rule', () => {
  it('refuses NUL, other C0 controls, DEL and lone surrogates, and keeps tabs, line breaks, emoji and every script', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'bell\u0007',
      'v\u000Btab',
      'esc\u001B[31m',
      'del\u007F',
      'half \uD83D',
      '\uDE00 tail',
      'x\uDC00\uD800y',
    ]) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['line\r\nnext\tcol', 'emoji 😀 ok', 'Привет, 你好, مرحبًا', '', 'non\u00A0breaking']) {
      expect(isCleanText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('applies to every free-text field of every request, with one message per field', () => {
    const nul = 'Sea\u0000 life';
    expect(
      fieldsOf(
        scriptRequestSchema.safeParse({
          topic: nul,
          audience: nul,
          tone: 'friendly',
          platform: 'youtube',
          targetSeconds: 60,
          keyPoints: ['ok', nul],
          callToAction: nul,
        }),
      ),
    ).toEqual({
      topic: UNSAFE_TEXT_MESSAGE,
      audience: UNSAFE_TEXT_MESSAGE,
      'keyPoints.1': UNSAFE_TEXT_MESSAGE,
      callToAction: UNSAFE_TEXT_MESSAGE,
    });
    const scene = { narration: 'Fine words.', visualCue: '', startSec: 0, endSec: 1 };
    expect(
      Object.keys(
        fieldsOf(
          scriptContentSchema.safeParse({
            titles: [nul],
            hook: nul,
            scenes: [{ ...scene, narration: nul, visualCue: nul }],
            cta: nul,
            description: nul,
            hashtags: [nul],
          }),
        ),
      ).sort(),
    ).toEqual(['cta', 'description', 'hashtags.0', 'hook', 'scenes.0.narration', 'scenes.0.visualCue', 'titles.0']);
    expect(fieldsOf(speechRequestSchema.safeParse({ text: 'Hello \uD800 world', voiceId: 'en-us-olivia' }))).toEqual({
      text: UNSAFE_TEXT_MESSAGE,
    });
    expect(fieldsOf(imageRequestSchema.safeParse({ prompt: nul, negativePrompt: nul }))).toEqual({
      prompt: UNSAFE_TEXT_MESSAGE,
      negativePrompt: UNSAFE_TEXT_MESSAGE,
    });
    const video = {
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'off',
      visuals: 'generated',
    };
    expect(
      fieldsOf(createVideoRequestSchema.safeParse({ ...video, script: `${nul} at dawn`, imageFileIds: ['\u0000'] })),
    ).toMatchObject({
      script: UNSAFE_TEXT_MESSAGE,
      'imageFileIds.0': UNSAFE_TEXT_MESSAGE,
    });
    expect(
      fieldsOf(
        ProfileSyncBody.safeParse({
          uid: 'u\u0000',
          email: nul,
          displayName: nul,
          photoURL: 'https://example.com/\u0000.png',
        }),
      ),
    ).toEqual({
      uid: UNSAFE_TEXT_MESSAGE,
      email: UNSAFE_TEXT_MESSAGE,
      displayName: UNSAFE_TEXT_MESSAGE,
      photoURL: UNSAFE_TEXT_MESSAGE,
    });
  });

  it('finds the first unsafe string or key anywhere in parsed JSON', () => {
    expect(findUncleanText({ kind: 'x', payload: { notes: ['ok', 'bad\u0000'] } })).toBe('payload.notes.1');
    expect(findUncleanText({ payload: { 'ke\u0000y': 1 } })).toBe('payload.key');
    expect(findUncleanText('\uD800')).toBe('_');
    expect(findUncleanText({ a: [1, true, null, 'fine 😀'] })).toBeUndefined();
  });

  it('cleans file names instead of refusing them, cutting at whole characters', () => {
    expect(cleanFileName('  hol\u0000iday\uD800.png ')).toBe('holiday.png');
    expect(cleanFileName('\u0001\u0002')).toBeNull();
    const long = cleanFileName(`${'a'.repeat(199)}😀😀`)!;
    expect(Array.from(long)).toHaveLength(200);
    expect(isCleanText(long)).toBe(true);
  });
});

describe('list cursors', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('accepts exactly what a page hands out', () => {
    const row = { createdAt: new Date('2026-11-23T01:02:03.456Z'), id };
    expect(parsePageCursor(formatPageCursor(row))).toEqual(row);
    expect(pageCursor.safeParse(formatPageCursor(row)).success).toBe(true);
  });

  it('refuses impossible dates, years no row has, and anything else', () => {
    for (const cursor of [
      `2024-02-30T00:00:00.000Z|${id}`,
      `2024-13-45T99:99:99.999Z|${id}`,
      `0000-01-01T00:00:00.000Z|${id}`,
      `+275760-09-13T00:00:00.000Z|${id}`,
      `2024-01-01|${id}`,
      `2024-01-01T00:00:00.000Z|not-a-uuid`,
      `2024-01-01T00:00:00.000Z|${id}|extra`,
      'yesterday',
    ]) {
      expect(parsePageCursor(cursor), cursor).toBeUndefined();
      expect(fieldsOf(pageCursor.safeParse(cursor)), cursor).toEqual({ _: 'Must be a cursor from a previous page' });
    }
  });

  it('takes ledger cursors only as whole numbers JavaScript holds exactly', () => {
    expect(LedgerQuery.parse({ cursor: '42' }).cursor).toBe(42);
    expect(LedgerQuery.parse({ cursor: String(Number.MAX_SAFE_INTEGER) }).cursor).toBe(Number.MAX_SAFE_INTEGER);
    for (const cursor of ['99999999999999999999', '9007199254740992', '0', '-1', '1e3', '1.5', '']) {
      expect(fieldsOf(LedgerQuery.safeParse({ cursor })), cursor).toEqual({
        cursor: 'Must be a cursor from a previous page',
      });
    }
  });
});

describe('speech speed', () => {
  it('snaps to the slider steps, so a preview has few distinct keys', () => {
    expect(snapSpeed(1.0000001)).toBe(1);
    expect(snapSpeed(1.024)).toBe(1);
    expect(snapSpeed(1.026)).toBe(1.05);
    expect(snapSpeed(1.15)).toBe(1.15);
    expect(speechPreviewQuery.parse({ speed: '1.0000001', pitch: '2' })).toEqual({ speed: 1, pitch: 2 });
    expect(speechPreviewQuery.parse({})).toEqual({ speed: 1, pitch: 0 });
    expect(speechRequestSchema.parse({ text: 'Hi there.', voiceId: 'en-us-olivia', speed: 1.333 }).speed).toBe(1.35);
    expect(speechPreviewQuery.safeParse({ speed: '9' }).success).toBe(false);
  });
});
