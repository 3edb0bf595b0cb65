/**
 * A subject in a setting: the subject large on its badge, up to two context things around it, the key phrase in
 * type. Tall frames stack them down the frame (the subject at least half its width), square ones put the context
 * beside the subject, wide ones set the subject on one side (alternating beat by beat) and the words on the other.
 */
import { ENTERS, type IllustrationElement } from '../compose.ts';
import type { ReadThing, SentenceReading } from '../reading.ts';
import { type Frame, iconElement, squareAt, textElement } from './parts.ts';

export function subjectLayout(reading: SentenceReading, frame: Frame): IllustrationElement[] {
  const subject = reading.subject!;
  const context = reading.context.slice(0, 2);
  const { area, short, palette } = frame;
  // Without a key phrase the subject is named under it, so the word and the picture meet.
  const phrase = reading.phrase.trim() || subject.words;
  const small = (thing: ReadThing, cx: number, cy: number, size: number, i: number) =>
    iconElement(thing, squareAt(cx, cy, size), palette, {
      color: palette.second,
      prefix: `s${i}`,
      delay: ENTERS + 0.3 + 0.2 * i,
    });

  if (frame.shape === 'wide') {
    const size = Math.min(area.height * 0.92, area.width * 0.42);
    const left = frame.index % 2 === 0;
    const main = {
      x: left ? area.x + area.width * 0.03 : area.x + area.width * 0.97 - size,
      y: area.y + (area.height - size) / 2,
      width: size,
      height: size,
    };
    const gap = area.width * 0.05;
    const column = {
      x: left ? main.x + size + gap : area.x,
      y: area.y,
      width: area.width - size - gap - area.width * 0.03,
      height: area.height,
    };
    const elements = [iconElement(subject, main, palette, { prefix: 'm' })];
    const text = phrase ? textElement(phrase, column, frame, { size: short * 0.085, align: 'start' }) : null;
    const badge = short * 0.22;
    const contentHeight = (text?.height ?? 0) + (context.length > 0 ? badge + short * 0.04 : 0);
    let y = column.y + (column.height - contentHeight) / 2;
    if (text) {
      text.y = y;
      elements.push(text);
      y += text.height + short * 0.04;
    }
    for (const [i, thing] of context.entries())
      elements.push(small(thing, column.x + badge / 2 + i * badge * 1.15, y + badge / 2, badge, i));
    return elements;
  }

  const tall = frame.shape === 'tall';
  const gap = short * 0.04;
  const text = phrase
    ? textElement(phrase, { x: area.x, y: 0, width: area.width, height: area.height }, frame, {
        size: short * (tall ? 0.08 : 0.075),
        align: 'middle',
      })
    : null;
  const room = area.height - (text ? gap + text.height : 0);
  const size = Math.min(room, tall ? area.width * 0.72 : Math.min(area.height * 0.64, area.width * 0.56));
  const total = size + (text ? gap + text.height : 0);
  const top = area.y + Math.max(0, (area.height - total) / 2);
  const main = { x: area.x + (area.width - size) / 2, y: top, width: size, height: size };
  const elements = [iconElement(subject, main, palette, { prefix: 'm' })];
  const badge = size * (tall ? 0.36 : 0.42);
  context.forEach((thing, i) => {
    // Tall: on the subject's lower corners; square: beside it, where the width has room.
    const cx = tall
      ? i === 0
        ? main.x + badge * 0.25
        : main.x + size - badge * 0.25
      : i === 0
        ? main.x - badge * 0.62
        : main.x + size + badge * 0.62;
    const cy = tall ? main.y + size - badge * 0.35 : main.y + size * 0.55;
    elements.push(small(thing, cx, cy, badge, i));
  });
  if (text) {
    text.y = top + size + gap;
    elements.push(text);
  }
  return elements;
}
