/**
 * Turns what a user pastes (often Markdown from a chat assistant, with links, emojis and stage directions) into
 * plain sentences a voice can read. Paragraphs survive as blank lines because the scene splitter uses them as
 * natural scene breaks.
 */

const SENTENCE_END = /[.!?…:;。！？]["'”’»)\]]*$/u;

/** Headings, list items and table rows carry no punctuation; without it they would run into the next line. */
const endSentence = (line: string): string => (line === '' || SENTENCE_END.test(line) ? line : `${line}.`);

const stripInlineMarkdown = (text: string): string =>
  text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    // Whatever is still in square brackets is a stage direction such as "[Upbeat music]" or "[Scene 2]".
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}])[*_]([^*_\s](?:[^*_]*[^*_\s])?)[*_](?=$|[^\p{L}\p{N}])/gu, '$1$2');

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()]+/giu;

/**
 * A parenthesis that is a sentence of its own is a direction for the reader, not words for the voice: "(Pause)",
 * "(Music swells) Welcome back.", "Thanks. (Laughs)". It starts a line or follows a sentence's end, and ends the
 * line or comes before a new sentence (a capital, a letter of a script without case, another direction). One that
 * runs on in the sentence, "(Almost) everyone knows", or sits inside it, "the cat (a Siamese) slept", is read.
 */
const DIRECTION = /(^|[.!?…。！？]\s+)\s*\([^()]*\)(?=\s*$|\s+[\p{Lu}\p{Lt}\p{Lo}([])/u;

function dropDirections(line: string): string {
  let rest = line;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(DIRECTION, '$1');
  }
  return rest;
}

/**
 * Pictographs, their modifiers and joiners, keycaps, flags and decorative symbols; a voice would either skip them
 * or read out their Unicode names. Currency, percent and maths signs stay: they are read as words.
 */
const SYMBOLS =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiners and variation selectors are listed alone on purpose: each is removed wherever it stands
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{FE0E}\u{FE0F}\u{200D}\u{20E3}\u{2190}-\u{21FF}\u{2500}-\u{27BF}\u{2B00}-\u{2BFF}•▪◦‣※†‡¶§©®™]/gu;

function cleanLine(raw: string): string {
  let line = raw.trim();
  if (/^([-*_=])(\s*\1){2,}$/.test(line)) return '';
  if (/^\|?[\s:|-]+\|[\s:|-]*$/.test(line)) return '';
  const structural = /^(#{1,6}\s+|>\s*|[-*+•]\s+|\d{1,3}[.)]\s+|\|)/.test(line);
  line = line
    .replace(/^#{1,6}\s+/, '')
    .replace(/^(>\s*)+/, '')
    .replace(/^([-*+•]|\d{1,3}[.)])\s+/, '')
    .replace(/^\||\|$/g, '')
    .replace(/\s*\|\s*/g, ', ');
  line = stripInlineMarkdown(line)
    .replace(URL_PATTERN, '')
    .replace(SYMBOLS, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/#(?=[\p{L}\p{N}])/gu, '')
    .replace(/[*_~^`|<>{}]/g, ' ');
  line = dropDirections(line.trim())
    .replace(/([!?])[!?]+/g, '$1')
    .replace(/\.{4,}/g, '...')
    .replace(/\s+([,.;:!?…])/g, '$1')
    .replace(/([,;:])(?=[,;:.!?])/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:]+/, '')
    .trim();
  return structural ? endSentence(line) : line;
}

export function cleanScript(raw: string): string {
  const text = raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/```[\s\S]*?(```|$)/g, '\n\n')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '');

  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) paragraphs.push(current.join(' '));
    current = [];
  };
  for (const rawLine of text.split('\n')) {
    const isBreak =
      rawLine.trim() === '' || /^\s*([-*_=])(\s*\1){2,}\s*$/.test(rawLine) || /^\s*#{1,6}\s/.test(rawLine);
    // A heading starts a new paragraph and is one on its own, so it never glues onto the sentence before it.
    if (isBreak) flush();
    const line = cleanLine(rawLine);
    if (line) current.push(line);
    if (/^\s*#{1,6}\s/.test(rawLine)) flush();
  }
  flush();
  return paragraphs.filter((p) => /[\p{L}\p{N}]/u.test(p)).join('\n\n');
}
