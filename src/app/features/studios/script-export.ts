/**
 * What the script page copies and downloads: a plain-text script a presenter can read, and an SRT-style outline
 * (one cue per hook, scene and call to action, timed at 150 words a minute) that editors and subtitle tools open.
 */
import { PLATFORM_LABELS, type ScriptContent, type ScriptPlatform, scriptTimeline } from '~/contract/scripts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 83.4 → "00:01:23,400" */
export function srtTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

/** 83.4 → "1:23" */
export function clockTime(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

export function scriptToText(content: ScriptContent, platform?: ScriptPlatform): string {
  const timeline = scriptTimeline(content);
  const total = timeline.at(-1)?.endSec ?? 0;
  const lines = [
    content.titles[0] ?? 'Untitled script',
    `${platform ? `${PLATFORM_LABELS[platform]} · ` : ''}about ${clockTime(total)}`,
    '',
    ...timeline.flatMap((entry) => [
      `[${entry.label} · ${clockTime(entry.startSec)}–${clockTime(entry.endSec)}]`,
      entry.text,
      ...(entry.visualCue ? [`Visual: ${entry.visualCue}`] : []),
      '',
    ]),
  ];
  if (content.titles.length > 1) lines.push('Title options:', ...content.titles.map((t) => `- ${t}`), '');
  if (content.description) lines.push('Description:', content.description, '');
  if (content.hashtags.length > 0) lines.push(content.hashtags.join(' '), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

export function scriptToSrt(content: ScriptContent): string {
  return scriptTimeline(content)
    .map(
      (entry, i) =>
        `${i + 1}\n${srtTime(entry.startSec)} --> ${srtTime(entry.endSec)}\n[${entry.label}] ${entry.text}${entry.visualCue ? `\n(${entry.visualCue})` : ''}\n`,
    )
    .join('\n');
}

/** A file name from the script's title: "My Great Video!" → "my-great-video.srt". */
export function scriptFileName(title: string | undefined, extension: string): string {
  const stem = (title ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'script'}.${extension}`;
}
