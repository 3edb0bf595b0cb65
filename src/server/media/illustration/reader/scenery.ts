/**
 * The setting a sentence's words establish: a time of day (night, dawn, dusk) and a kind of place (city, farm, sea,
 * mountains, desert, kitchen, office, classroom). Precision first: a setting is drawn only where its words are said
 * in the sentence itself, never carried to the next. Carried, a setting was the commonest wrong scenery on the
 * labelled scripts: a kitchen behind an ad's last line, and, once places stopped carrying, a night or a dusk behind
 * the sentence after the one that named it ("every night" → the watch face after it). Night wins over dusk, so a
 * night scene is never given a sun. A time word counts only as a time ("at night", "every night", "the night
 * market"), not as a thing ("after a night of hunting"), and only when the sentence happens then: a span reaching to
 * it ("until midnight", "overnight") sets no night, nor does a night said with daylight or a morning (the cues
 * conflict, so no time is set); a place word sets the scene only where things happen ("on a
 * farm", "across the harbour") and only as the place itself, not as a word describing a thing ("a beach bag").
 */
import type { Scenery } from '../reading.ts';
import type { ReadSentence } from './nlp.ts';
import type { NounPhrase } from './phrases.ts';
import { firstLexfile } from './things.ts';

type Time = 'night' | 'dawn' | 'dusk';

/** Time words that say when the sentence happens wherever they are said. Not "overnight": a span to the morning. */
const TIME_ALWAYS: Readonly<Record<string, Time>> = {
  tonight: 'night',
  nighttime: 'night',
  moonlight: 'night',
  moonlit: 'night',
  starlit: 'night',
  dawn: 'dawn',
  sunrise: 'dawn',
  daybreak: 'dawn',
  dusk: 'dusk',
  sunset: 'dusk',
  twilight: 'dusk',
  nightfall: 'dusk',
};
/** Time nouns that set the scene only as a time: after "at", "by", "every", "this"... or before a noun. */
const TIME_AS_TIME: Readonly<Record<string, Time>> = { night: 'night', midnight: 'night', evening: 'dusk' };
/** Things of the night a time word describes: "night market", "night sky" (a "night shift" is no scene). */
const NIGHT_THINGS = new Set([
  'market',
  'sky',
  'skyline',
  'view',
  'train',
  'bus',
  'life',
  'walk',
  'tour',
  'scene',
  'city',
]);
const TIME_MARKERS = new Set(['at', 'by', 'every', 'each', 'this', 'last', 'all', 'in', 'during', 'through', 'past']);
/**
 * Words of a span reaching to a time ("hike until midnight", "from noon to midnight"): the sentence is not set then,
 * it lasts until then. "Through the night" fills the night, and sets it.
 */
const SPAN_MARKERS = new Set(['until', 'till', 'to']);
/** Words of full day, or of a morning: a night said with them is a span or a contrast, not the scene. */
const DAYTIME = new Set([
  'noon',
  'midday',
  'afternoon',
  'daylight',
  'daytime',
  'lunchtime',
  'sunshine',
  'sunlight',
  'morning',
]);

/**
 * Words that name the place a sentence can be in: a landscape, a body of water, a room or a place of work. Never the
 * people found there (a farmer, a teacher), what is done there (a harvest, a cooking verb), what is used there (a
 * saucepan, a recipe, a desk, a tractor) or what passes through (a ferry, a ship): such words are said just as often
 * where the setting is not ("pour water on the ashes and stir", "from sofas to saucepans", "a recipe book free").
 */
const PLACES: ReadonlyArray<[Scenery, string[]]> = [
  ['city', ['city', 'skyline', 'downtown', 'metropolis', 'cityscape']],
  ['farm', ['farm', 'farmland', 'barn', 'orchard', 'plantation', 'vineyard', 'pasture', 'ranch']],
  ['sea', ['sea', 'ocean', 'beach', 'harbour', 'harbor', 'coast', 'shore', 'seaside', 'bay', 'seabed']],
  ['mountains', ['mountain', 'hill', 'peak', 'summit', 'alps', 'slope', 'cliff', 'ridge', 'glacier']],
  ['desert', ['desert', 'dune', 'sahara', 'oasis']],
  ['kitchen', ['kitchen']],
  ['office', ['office', 'workplace', 'cubicle']],
  ['classroom', ['classroom']],
];

function timeOf(sentence: ReadSentence): Time | 'day' | undefined {
  const { words } = sentence;
  const found = new Set<Time | 'day'>();
  words.forEach((w, i) => {
    if (TIME_ALWAYS[w.lemma]) found.add(TIME_ALWAYS[w.lemma]!);
    if (DAYTIME.has(w.lemma)) found.add('day');
    const asTime = TIME_AS_TIME[w.lemma];
    if (asTime) {
      const before = words[i - 1];
      const after = words[i + 1];
      const twoBefore = words[i - 2];
      const markedBy = (markers: ReadonlySet<string>) =>
        (before && markers.has(before.lower)) ||
        (before?.pos === 'DET' && twoBefore !== undefined && markers.has(twoBefore.lower));
      if (markedBy(SPAN_MARKERS)) return;
      const marked = markedBy(TIME_MARKERS);
      // "the night" as a time ("end the night"), not "a night of hunting".
      const definite = before?.lower === 'the' && after?.lower !== 'of' && after?.pos !== 'NOUN';
      if (marked || definite || (after && NIGHT_THINGS.has(after.lemma))) found.add(asTime);
    }
  });
  if (/\bafter dark\b|\bunder the stars\b/i.test(sentence.text)) found.add('night');
  if (/\bsun (goes|went|has gone) down\b|\bsun sets\b/i.test(sentence.text)) found.add('dusk');
  else if (/\b(in|under) the (sun|midday sun)\b/i.test(sentence.text)) found.add('day');
  if (
    /\bearly (in the )?morning\b|\bmorning light\b|\b(sky|it) (grows|gets|turns) light\b|\bfirst light\b/i.test(
      sentence.text,
    )
  )
    found.add('dawn');
  // A night said with daylight or a morning ("all night long, and by morning...") is no scene: when the cues
  // conflict, no time is set.
  if (found.has('night') && (found.has('day') || found.has('dawn'))) return undefined;
  for (const time of ['night', 'dusk', 'dawn', 'day'] as const) if (found.has(time)) return time;
  return undefined;
}

/** Words that show their setting wherever they are said. */
const ALWAYS_SETTING = new Set(['skyline', 'cityscape', 'dune', 'desert', 'classroom', 'kitchen', 'farm']);
const LOCATIVE = new Set(
  'in at on inside across over along near through around into onto from by beside up down under above below within'.split(
    ' ',
  ),
);

/** Whether a preposition of place governs the word: only determiners, describing words and names between. */
function locative(sentence: ReadSentence, i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
    const w = sentence.words[k]!;
    if (LOCATIVE.has(w.lower)) return true;
    if (!['DET', 'ADJ', 'PROPN', 'NOUN', 'NUM', 'PRON'].includes(w.pos)) return false;
  }
  return false;
}

/** Whether "of" governs the word: only determiners, adjectives and names between. */
function ofBefore(sentence: ReadSentence, i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
    const w = sentence.words[k]!;
    if (w.lower === 'of') return true;
    if (!['DET', 'ADJ', 'PROPN', 'NOUN'].includes(w.pos)) return false;
  }
  return false;
}

/**
 * Whether the word only describes the noun after it ("a beach bag", "sea salt", "a mountain bike"): then it names no
 * setting, unless that noun is itself a place ("the city centre", "the sea floor").
 */
function describesAThing(sentence: ReadSentence, i: number): boolean {
  const next = sentence.words[i + 1];
  if (next?.pos !== 'NOUN') return false;
  const lexfile = firstLexfile(next.lemma);
  return lexfile !== 'location' && lexfile !== 'object';
}

function placesOf(sentence: ReadSentence, phrases: NounPhrase[]): Scenery[] {
  const negated = new Set<number>();
  for (const p of phrases) if (p.negated) for (let k = p.first; k <= p.last; k++) negated.add(k);
  const found: Scenery[] = [];
  sentence.words.forEach((w, i) => {
    // "the noise of the city", "views of the Atlantic coast" name no setting; "in the city" does.
    if (negated.has(i) || ofBefore(sentence, i)) return;
    for (const [scenery, lemmas] of PLACES) {
      const named = (w.pos === 'NOUN' || w.pos === 'PROPN') && lemmas.includes(w.lemma);
      // A place word sets the scene where things happen ("on a farm", "across the harbour"); as a thing acted on
      // ("the offices empty", "enters the ocean") it does not. Sights and a few places set it anywhere.
      if (
        named &&
        (ALWAYS_SETTING.has(w.lemma) || locative(sentence, i)) &&
        !describesAThing(sentence, i) &&
        !found.includes(scenery)
      )
        found.push(scenery);
    }
  });
  return found;
}

/** The sentence's settings, strongest first: its time of day, then its places. */
export function readScenery(sentence: ReadSentence, phrases: NounPhrase[]): Scenery[] {
  const time = timeOf(sentence);
  const scenery: Scenery[] = [];
  if (time && time !== 'day') scenery.push(time);
  for (const p of placesOf(sentence, phrases)) scenery.push(p);
  return scenery;
}
