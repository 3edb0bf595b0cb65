/**
 * Nothing sure to draw: the key phrase in bold kinetic type, as large as the frame allows (at least 8 % of a tall
 * frame's height), each line entering as it is said, the last in the accent colour. Never a doubtful picture.
 */
import { ENTERS, type IllustrationElement } from '../compose.ts';
import type { SentenceReading } from '../reading.ts';
import { type Frame, fitLines, lineElement, phraseOf, stack } from './parts.ts';

export function keyPhraseLayout(reading: SentenceReading, frame: Frame): IllustrationElement[] {
  const { area, palette, shape, height } = frame;
  const target = height * (shape === 'tall' ? 0.085 : shape === 'square' ? 0.1 : 0.12);
  const { lines, fontSize } = fitLines(phraseOf(reading), area, target, 4);
  const lineHeight = Math.round(fontSize * 1.25);
  const ys = stack(
    area,
    lines.map(() => lineHeight),
    Math.round(fontSize * 0.05),
  );
  return lines.map((line, i) =>
    lineElement(
      line,
      { x: area.x, y: ys[i]!, width: area.width, height: lineHeight },
      fontSize,
      i === lines.length - 1 && lines.length > 1 ? palette.accent : palette.ink,
      'middle',
      ENTERS + 0.25 * i,
    ),
  );
}
