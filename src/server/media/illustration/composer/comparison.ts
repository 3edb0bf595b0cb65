/**
 * A comparison: the frame split in two, one side per thing compared (its icon when sure, its words), a "vs" disc on
 * the seam. Wide and square frames split left and right, tall ones top and bottom.
 */
import { DISPLAY_FONT, ENTERS, type IllustrationElement, round, wrap } from '../compose.ts';
import type { ReadItem, SentenceReading } from '../reading.ts';
import { type Frame, iconElement, squareAt, textElement } from './parts.ts';

type Area = { x: number; y: number; width: number; height: number };

/** A side on a tall frame: its icon at the left of a row, its words beside it. */
function row(item: ReadItem, box: Area, frame: Frame, i: number): IllustrationElement[] {
  const color = i === 0 ? frame.palette.accent : frame.palette.second;
  const size = item.icon ? Math.min(box.height * 0.85, box.width * 0.46) : 0;
  const gap = item.icon ? frame.short * 0.04 : 0;
  const column = { x: box.x + size + gap, y: box.y, width: box.width - size - gap, height: box.height };
  const text = textElement(item.words, column, frame, {
    size: frame.short * 0.085,
    align: item.icon ? 'start' : 'middle',
    delay: ENTERS + 0.6 * i + 0.2,
  });
  text.y = box.y + (box.height - text.height) / 2;
  const icon = item.icon
    ? [
        iconElement(
          { icon: item.icon, words: item.words },
          squareAt(box.x + size / 2, box.y + box.height / 2, size),
          frame.palette,
          {
            color,
            prefix: `v${i}`,
            delay: ENTERS + 0.6 * i,
          },
        ),
      ]
    : [];
  return [...icon, text];
}

function side(item: ReadItem, box: Area, frame: Frame, i: number): IllustrationElement[] {
  if (frame.shape === 'tall') return row(item, box, frame, i);
  const color = i === 0 ? frame.palette.accent : frame.palette.second;
  const elements: IllustrationElement[] = [];
  const size = Math.min(box.width * 0.7, box.height * 0.55);
  const text = textElement(item.words, { ...box, y: 0 }, frame, { size: frame.short * 0.07, align: 'middle' });
  const total = (item.icon ? size + frame.short * 0.03 : 0) + text.height;
  let y = box.y + Math.max(0, (box.height - total) / 2);
  if (item.icon) {
    elements.push(
      iconElement(
        { icon: item.icon, words: item.words },
        squareAt(box.x + box.width / 2, y + size / 2, size),
        frame.palette,
        {
          color,
          prefix: `v${i}`,
          delay: ENTERS + 0.6 * i,
        },
      ),
    );
    y += size + frame.short * 0.03;
  }
  text.y = y;
  text.delay = ENTERS + 0.6 * i + 0.2;
  elements.push(text);
  return elements;
}

export function comparisonLayout(reading: SentenceReading, frame: Frame): IllustrationElement[] {
  const [a, b] = reading.sides!;
  const { area, short, palette } = frame;
  const across = frame.shape !== 'tall';
  const half = across
    ? { width: (area.width - short * 0.1) / 2, height: area.height }
    : { width: area.width, height: (area.height - short * 0.1) / 2 };
  const second = across
    ? { x: area.x + area.width - half.width, y: area.y }
    : { x: area.x, y: area.y + area.height - half.height };
  const vs = round(short * 0.13);
  const centre = across
    ? { x: area.x + area.width / 2, y: area.y + area.height / 2 }
    : { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  const disc = {
    ...squareAt(centre.x, centre.y, vs),
    svg: wrap(
      `<circle cx="${vs / 2}" cy="${vs / 2}" r="${round(vs * 0.46)}" fill="${palette.ink}"/><text x="${vs / 2}" y="${round(vs * 0.62)}" text-anchor="middle" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${round(vs * 0.4)}" fill="${palette.top}">vs</text>`,
      { x: 0, y: 0, width: vs, height: vs },
    ),
    delay: ENTERS + 0.4,
    words: '',
    kind: 'text' as const,
    name: 'vs',
  };
  return [...side(a, { x: area.x, y: area.y, ...half }, frame, 0), disc, ...side(b, { ...second, ...half }, frame, 1)];
}
