/**
 * Steps, ingredients or features: numbered cards, one per item in the order said, each entering as its words are
 * (enterWithSpeech); at most five, stacked down the content area (centred and narrower on wide frames).
 */
import { ENTERS, type IllustrationElement } from '../compose.ts';
import type { SentenceReading } from '../reading.ts';
import { cardElement, type Frame, stack } from './parts.ts';

export const MAX_STEPS = 5;

export function stepsLayout(reading: SentenceReading, frame: Frame): IllustrationElement[] {
  const items = reading.items.slice(0, MAX_STEPS);
  const { area, short, palette, shape } = frame;
  const gap = short * 0.03;
  const height = Math.min(
    short * (shape === 'tall' ? 0.24 : 0.2),
    (area.height - gap * (items.length - 1)) / items.length,
  );
  const width = shape === 'wide' ? area.width * 0.7 : area.width;
  const x = area.x + (area.width - width) / 2;
  const ys = stack(
    area,
    items.map(() => height),
    gap,
  );
  return items.map((item, i) =>
    cardElement(item.words, { x, y: ys[i]!, width, height }, frame, {
      fill: palette.ink,
      fillOpacity: 0.1,
      ink: palette.ink,
      icon: item.icon,
      mark: String(i + 1),
      delay: ENTERS + 0.3 * i,
    }),
  );
}
