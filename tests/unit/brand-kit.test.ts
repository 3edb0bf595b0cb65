import { describe, expect, it } from 'vitest';
import {
  brandKitSettingsSchema,
  brandSnapshot,
  cardSeconds,
  DEFAULT_BRAND_KIT,
  logoPlacement,
} from '~/contract/brand.ts';
import { fieldErrors } from '~/contract/errors.ts';
import { estimateVideoCost, scriptLengthError } from '~/contract/video.ts';
import { logoWindow, narrationSlots, stillsWithCards, withBrandCards } from '~/server/media/brand.ts';
import { cardLayout, wrapCardText } from '~/server/media/brand-card.ts';
import { buildTimeline } from '~/server/media/timeline.ts';

describe('brand kit settings', () => {
  it('accepts the defaults and upper-cases colours', () => {
    const kit = brandKitSettingsSchema.parse({
      ...DEFAULT_BRAND_KIT,
      colors: { primary: '#1e66f5', secondary: '#ffffff' },
    });
    expect(kit.colors).toEqual({ primary: '#1E66F5', secondary: '#FFFFFF' });
  });

  it('names each bad field', () => {
    const result = brandKitSettingsSchema.safeParse({
      ...DEFAULT_BRAND_KIT,
      logo: { corner: 'middle', size: 'medium', opacity: 5 },
      colors: { primary: 'blue', secondary: '#FFFFFF' },
      font: 'Comic Sans',
      intro: { enabled: true, text: '  ', seconds: 9 },
    });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!.issues);
    expect(Object.keys(fields).sort()).toEqual([
      'colors.primary',
      'font',
      'intro.seconds',
      'logo.corner',
      'logo.opacity',
    ]);
    expect(fields['intro.seconds']).toMatch(/2 to 5 seconds/);
  });

  it('asks for the text of a card that is on', () => {
    const result = brandKitSettingsSchema.safeParse({
      ...DEFAULT_BRAND_KIT,
      outro: { enabled: true, text: '  ', seconds: 3 },
    });
    expect(fieldErrors(result.error!.issues)).toEqual({ 'outro.text': "Write the outro's text, or turn it off." });
  });

  it('lets an outro that is off have no text, and snapshots only the cards that are on', () => {
    const kit = brandKitSettingsSchema.parse({
      ...DEFAULT_BRAND_KIT,
      intro: { enabled: true, text: 'Hi', seconds: 4 },
    });
    const snap = brandSnapshot(kit, null);
    expect(snap.intro?.seconds).toBe(4);
    expect(snap.outro).toBeNull();
    expect(snap.logo).toBeNull();
    expect(cardSeconds(snap)).toBe(4);
  });
});

describe('card seconds in the estimate and the limit', () => {
  const script = 'word '.repeat(150).trim();
  it('are priced as part of the video', () => {
    // 150 words ≈ 60 s: one started minute alone, two with five seconds of cards.
    expect(estimateVideoCost(script, '720p', 5)).toBeGreaterThan(estimateVideoCost(script, '720p'));
  });
  it('count towards the 5 minutes', () => {
    const full = 'word '.repeat(745).trim();
    expect(scriptLengthError(full)).toBeNull();
    expect(scriptLengthError(full, 10)).toMatch(/with its intro and outro/);
  });
});

describe('logo placement', () => {
  const frame = { width: 1280, height: 720 };
  it('puts the logo in each corner with the same margin, inside the frame, on even pixels', () => {
    const logo = { width: 400, height: 200 };
    const tl = logoPlacement(frame, logo, 'top-left', 'medium');
    const br = logoPlacement(frame, logo, 'bottom-right', 'medium');
    expect(tl).toEqual({ x: 28, y: 28, width: 192, height: 96 });
    expect(br.x + br.width).toBe(1280 - 28);
    expect(br.y + br.height).toBe(720 - 28);
    for (const v of Object.values(br)) expect(v % 2).toBe(0);
  });
  it('scales with the chosen size and keeps a tall logo within a quarter of the height', () => {
    const square = { width: 300, height: 300 };
    expect(logoPlacement(frame, square, 'top-left', 'small').width).toBeLessThan(
      logoPlacement(frame, square, 'top-left', 'large').width,
    );
    const tall = logoPlacement(frame, { width: 100, height: 800 }, 'top-left', 'large');
    expect(tall.height).toBe(180);
    expect(tall.width).toBe(22);
  });
});

describe('cards on the timeline', () => {
  const base = buildTimeline([2000, 3000], false);
  const branded = withBrandCards(base, 3000, 2000);

  it('adds the cards and moves the narration after the intro', () => {
    expect(branded.totalFrames).toBe(base.totalFrames + 75 + 50);
    expect(branded.scenes).toHaveLength(4);
    const slots = narrationSlots(branded);
    expect(slots.map((s) => s.audioStartMs)).toEqual(base.scenes.map((s) => s.audioStartMs + 3000));
    expect(slots.map((s) => s.audioMs)).toEqual([2000, 3000]);
  });

  it('leaves no frame without a picture and crossfades like scenes do', () => {
    const fade = branded.transitionFrames;
    for (let i = 1; i < branded.scenes.length; i++) {
      const before = branded.scenes[i - 1]!;
      const slot = branded.scenes[i]!;
      expect(before.firstFrame + before.frames).toBe(slot.firstFrame + fade);
    }
    const last = branded.scenes.at(-1)!;
    expect(last.firstFrame + last.frames).toBe(branded.totalFrames);
    expect(branded.scenes[0]!.pan).toEqual({ dx: 0, dy: 0 });
  });

  it('shows the logo between the cards only', () => {
    expect(logoWindow(branded)).toEqual({ fromMs: 3000, toMs: (base.totalFrames / 25) * 1000 + 3000 });
    expect(logoWindow(withBrandCards(base, 0, 0))).toEqual({ fromMs: 0, toMs: base.totalMs });
  });

  it('puts the card stills in their slots', () => {
    expect(stillsWithCards(['a', 'b'], { intro: 'i', outro: null })).toEqual(['i', 'a', 'b']);
    expect(stillsWithCards(['a'], {})).toEqual(['a']);
  });
});

describe('card drawing', () => {
  it('wraps text into at most three lines', () => {
    expect(wrapCardText('Acme Studio presents', 12)).toEqual(['Acme Studio', 'presents']);
    const long = wrapCardText('one two three four five six seven eight nine ten', 9);
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith('…')).toBe(true);
  });
  it('centres the logo above the text', () => {
    const layout = cardLayout({ width: 1280, height: 720 }, { width: 400, height: 200 }, 2);
    expect(layout.logo!.x * 2 + layout.logo!.width).toBe(1280);
    expect(layout.lineTops[0]!).toBeGreaterThan(layout.logo!.y + layout.logo!.height);
    const top = layout.logo!.y;
    const bottom = layout.lineTops[1]! + Math.round(layout.fontSize * 1.3);
    expect(Math.abs(top - (720 - bottom))).toBeLessThanOrEqual(2);
  });
});

describe('the create form with a brand kit', () => {
  it("adds the cards to the editor's length and price, and sends the switch only once it is known", async () => {
    const { INITIAL_FORM, scriptFigures, toRequest } = await import('~/app/features/videos/model');
    const script = 'word '.repeat(140).trim();
    const plain = scriptFigures(script, '1080p');
    const branded = scriptFigures(script, '1080p', 6);
    expect(branded.seconds).toBe(plain.seconds + 6);
    expect(branded.cost).toBeGreaterThan(plain.cost);
    expect(toRequest(INITIAL_FORM)).not.toHaveProperty('brandKit');
    expect(toRequest({ ...INITIAL_FORM, brandKit: false }).brandKit).toBe(false);
  });
});
