/**
 * Burned-in captions rely on fontconfig finding a font for every letter (libass falls back from the caption font
 * to Noto, Nanum and WenQuanYi). This checks the machine against the voice catalogue: every language has a font
 * that covers its preview line, so no video shows empty boxes.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { VOICES } from '~/contract/voices.ts';

const letters = (text: string): string[] => [...new Set(text.match(/\p{L}/gu) ?? [])];

/** Families that cover every one of `chars`, per fontconfig. */
function fontsCovering(chars: readonly string[]): string[] {
  const charset = chars.map((c) => c.codePointAt(0)!.toString(16)).join(' ');
  return execFileSync('fc-list', [`:charset=${charset}`, 'family'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

const languages = new Map(VOICES.filter((v) => v.engine === 'espeak').map((v) => [v.languageName, v.preview]));

describe('caption fonts', () => {
  it.each([...languages])('%s captions have a font for every letter', (_language, preview) => {
    expect(fontsCovering(letters(preview))).not.toEqual([]);
  });

  it('reads the languages that need the fallback fonts', () => {
    expect([...languages.keys()]).toEqual(
      expect.arrayContaining(['Hindi', 'Bengali', 'Tamil', 'Korean', 'Thai', 'Chinese (Mandarin)']),
    );
  });
});
