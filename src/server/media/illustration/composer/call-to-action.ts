/**
 * A call to action: the product's name in large type and the action on a button-like card in the accent colour, a
 * pointing hand beside it, entering as the action is said.
 */
import { ENTERS, type IllustrationElement } from '../compose.ts';
import type { SentenceReading } from '../reading.ts';
import { cardElement, type Frame, iconElement, phraseOf, squareAt, stack, textElement } from './parts.ts';

export function callToActionLayout(reading: SentenceReading, frame: Frame): IllustrationElement[] {
  const { area, short, palette, shape } = frame;
  const product = reading.action?.product || frame.productName || '';
  const action = reading.action?.action || phraseOf(reading);
  const width = shape === 'wide' ? area.width * 0.6 : area.width * 0.92;
  const x = area.x + (area.width - width) / 2;
  const name = product
    ? textElement(product, { x: area.x, y: 0, width: area.width, height: area.height }, frame, {
        size: short * (shape === 'tall' ? 0.13 : 0.12),
        align: 'middle',
        delay: ENTERS,
      })
    : null;
  const buttonHeight = short * (shape === 'tall' ? 0.2 : 0.17);
  const hand = buttonHeight * 0.9;
  const gap = short * 0.06;
  const ys = stack(area, [...(name ? [name.height] : []), buttonHeight], gap);
  const buttonY = ys.at(-1)!;
  const elements: IllustrationElement[] = [];
  if (name) {
    name.y = ys[0]!;
    elements.push(name);
  }
  const button = cardElement(action, { x, y: buttonY, width: width - hand * 0.6, height: buttonHeight }, frame, {
    fill: palette.accent,
    fillOpacity: 1,
    ink: '#10131c',
    delay: ENTERS + 0.3,
  });
  elements.push(button);
  elements.push(
    iconElement(
      { icon: 'backhand-index-pointing-left', words: action },
      squareAt(button.x + button.width + hand * 0.15, buttonY + buttonHeight * 0.75, hand),
      palette,
      { color: palette.second, prefix: 'h', delay: ENTERS + 0.6 },
    ),
  );
  return elements;
}
