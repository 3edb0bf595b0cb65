/**
 * A figure: one large number with its unit, counting to its value as it is said (the render's counter, then the
 * number as the script writes it), what it counts under it, and the sentence's subject beside it (wide) or above it
 * (tall, square) when there is one.
 */
import {
  countFrom,
  ENTERS,
  type IllustrationCounter,
  type IllustrationElement,
  numberBlock,
  round,
} from '../compose.ts';
import { formatNumber } from '../numbers.ts';
import type { SentenceReading } from '../reading.ts';
import { type Frame, iconElement, squareAt, stack, textElement } from './parts.ts';

/** How long the count runs. */
const COUNT_SECONDS = 1.2;

export function figureLayout(
  reading: SentenceReading,
  frame: Frame,
): { elements: IllustrationElement[]; counter: IllustrationCounter } {
  const figure = reading.figure!;
  const { area, short, palette, shape, height } = frame;
  const label = figure.label.trim() || reading.phrase.trim();
  const elements: IllustrationElement[] = [];
  let column = area;
  let iconBox: { x: number; y: number; width: number; height: number } | null = null;
  if (reading.subject) {
    if (shape === 'wide') {
      const size = Math.min(area.height * 0.8, area.width * 0.34);
      const left = frame.index % 2 === 0;
      iconBox = squareAt(left ? area.x + size / 2 : area.x + area.width - size / 2, area.y + area.height / 2, size);
      column = {
        x: left ? area.x + size + short * 0.06 : area.x,
        y: area.y,
        width: area.width - size - short * 0.06,
        height: area.height,
      };
    } else {
      const size = shape === 'tall' ? area.width * 0.5 : area.height * 0.3;
      iconBox = { x: 0, y: 0, width: size, height: size };
    }
  }
  const align = shape === 'wide' && reading.subject ? 'start' : 'middle';
  // At least 8 % of a tall frame's height; as large as the column allows elsewhere.
  const size = shape === 'tall' ? Math.max(height * 0.1, short * 0.24) : short * (shape === 'square' ? 0.2 : 0.26);
  const number = numberBlock(figure, column, palette, round(size), align);
  const text = label
    ? textElement(label, column, frame, { size: short * 0.065, align, delay: ENTERS + 0.3 + COUNT_SECONDS })
    : null;
  const stacked = [
    ...(iconBox && shape !== 'wide' ? [iconBox.height] : []),
    number.box.height,
    ...(text ? [text.height] : []),
  ];
  const ys = stack(column, stacked, short * 0.03);
  if (iconBox && shape !== 'wide')
    iconBox = { ...iconBox, x: area.x + (area.width - iconBox.width) / 2, y: ys.shift()! };
  if (iconBox && reading.subject) elements.push(iconElement(reading.subject, iconBox, palette, { prefix: 'f' }));
  const numberY = ys[0]!;
  const numberIndex = elements.length;
  elements.push({
    ...number.box,
    y: numberY,
    svg: number.svg,
    delay: ENTERS + 0.2 + COUNT_SECONDS,
    words: figure.word,
    kind: 'number',
    name: formatNumber(figure),
  });
  if (text) {
    text.y = ys[1]!;
    elements.push(text);
  }
  const counter: IllustrationCounter = {
    x: round(align === 'middle' ? column.x + number.box.width / 2 : column.x),
    align,
    baseline: round(numberY + number.fontSize * 0.95),
    fontSize: number.fontSize,
    color: palette.accent,
    from: countFrom(figure),
    to: figure.value,
    decimals: figure.decimals,
    prefix: figure.prefix,
    suffix: figure.suffix,
    start: ENTERS + 0.2,
    duration: COUNT_SECONDS,
    element: numberIndex,
  };
  return { elements, counter };
}
