/**
 * A brand kit's intro or outro card as a still: the brand's primary colour, the logo and the card's text in the
 * brand font and secondary colour, drawn once by ffmpeg at the size every still of the video has.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LogoPlacement } from '~/contract/brand.ts';
import { filterValue, runFfmpeg } from './ffmpeg.ts';

/** Breaks a card's text into at most `maxLines` lines of about `maxChars`, the last one cut with an ellipsis. */
export function wrapCardText(text: string, maxChars: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(1, maxChars - 1))}…`;
  return kept;
}

export interface CardLayout {
  fontSize: number;
  maxChars: number;
  logo: LogoPlacement | null;
  /** Top of each text line. */
  lineTops: number[];
}

/**
 * A card's logo (up to half the width and 30% of the height) above its text, the two centred together on the
 * frame; type at 7.5% of the shorter side, lines 1.3 of it apart.
 */
export function cardLayout(
  frame: { width: number; height: number },
  logo: { width: number; height: number } | null,
  lines: number,
): CardLayout {
  const even = (n: number) => 2 * Math.round(n / 2);
  const fontSize = Math.round(Math.min(frame.width, frame.height) * 0.075);
  const maxChars = Math.max(8, Math.floor((frame.width * 0.86) / (fontSize * 0.6)));
  const lineHeight = Math.round(fontSize * 1.3);
  let logoBox: { width: number; height: number } | null = null;
  if (logo) {
    const scale = Math.min((frame.width * 0.5) / logo.width, (frame.height * 0.3) / logo.height);
    logoBox = { width: even(logo.width * scale), height: even(logo.height * scale) };
  }
  const gap = logoBox && lines > 0 ? Math.round(fontSize * 0.8) : 0;
  const total = (logoBox?.height ?? 0) + gap + lines * lineHeight;
  let top = Math.round((frame.height - total) / 2);
  const placed = logoBox ? { x: even((frame.width - logoBox.width) / 2), y: even(top), ...logoBox } : null;
  top += (logoBox?.height ?? 0) + gap;
  return { fontSize, maxChars, logo: placed, lineTops: Array.from({ length: lines }, (_, i) => top + i * lineHeight) };
}

export interface CardDrawing {
  text: string;
  /** "#RRGGBB" */
  background: string;
  textColor: string;
  fontFile: string;
  logo: { path: string; width: number; height: number } | null;
  /** The frame; the card is drawn centred on `still` (the size every still of the video has). */
  frame: { width: number; height: number };
  still: { width: number; height: number };
  output: string;
}

const ffColor = (hex: string) => `0x${hex.slice(1)}`;

/**
 * ffmpeg arguments drawing one card as an RGB PNG; each line's text is read from a file so nothing needs escaping.
 * Each line's baseline sits the font's ascent below its top, whatever letters the line holds.
 */
export function cardArgs(card: CardDrawing, lineFiles: readonly string[]): string[] {
  const layout = cardLayout(card.frame, card.logo, lineFiles.length);
  const padX = Math.floor((card.still.width - card.frame.width) / 2);
  const padY = Math.floor((card.still.height - card.frame.height) / 2);
  const text = lineFiles.map(
    (file, i) =>
      `drawtext=fontfile=${filterValue(card.fontFile)}:textfile=${filterValue(file)}:expansion=none:fontsize=${layout.fontSize}:` +
      `fontcolor=${ffColor(card.textColor)}:x=(w-text_w)/2:y=${layout.lineTops[i]! + padY}+ascent-max_glyph_a`,
  );
  const canvas = `color=c=${ffColor(card.background)}:s=${card.still.width}x${card.still.height}:d=1`;
  const graph: string[] = [];
  let picture = '[0:v]';
  if (card.logo && layout.logo) {
    const { x, y, width, height } = layout.logo;
    graph.push(
      `[1:v]scale=${width}:${height}:flags=lanczos,format=rgba[logo]`,
      `[0:v][logo]overlay=x=${x + padX}:y=${y + padY}:format=rgb[withlogo]`,
    );
    picture = '[withlogo]';
  }
  graph.push(`${picture}${[...text, 'format=rgb24'].join(',')}[card]`);
  return [
    '-y',
    '-f',
    'lavfi',
    '-i',
    canvas,
    ...(card.logo ? ['-i', card.logo.path] : []),
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[card]',
    '-frames:v',
    '1',
    card.output,
  ];
}

/** Draws one card into `card.output`, with its text wrapped to the frame. */
export async function drawCard(card: CardDrawing, signal?: AbortSignal): Promise<void> {
  const { maxChars } = cardLayout(card.frame, card.logo, 1);
  const lines = wrapCardText(card.text, maxChars);
  const files = lines.map((_, i) => `${card.output}.line${i + 1}.txt`);
  await Promise.all(files.map((file, i) => fs.writeFile(file, lines[i]!)));
  await fs.mkdir(path.dirname(card.output), { recursive: true });
  try {
    await runFfmpeg(cardArgs(card, files), signal ? { signal } : {});
  } finally {
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  }
}
