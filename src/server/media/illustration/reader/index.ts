/**
 * The sentence reader: a script's sentences read into what each one's beat draws (see ../reading.ts). Each sentence
 * is tagged by wink-nlp (nlp.ts); its noun phrases, names and negations are found (phrases.ts); each phrase is given
 * an icon only when its sense is sure, with WordNet and the whole script as context (things.ts); its figure
 * (figures.ts), places (../places.ts) and setting (scenery.ts) are read; and its layout is chosen by what it does
 * (layout.ts). Pure and deterministic; wink's model and WordNet's index load on the first call, once per process.
 */
import { findPlaces, type PlaceSubject } from '../places.ts';
import type { ReadOptions, ReadThing, SentenceReading } from '../reading.ts';
import { readFigures } from './figures.ts';
import { chooseLayout, keyPhrase, movesBetween, readAction, readItems, readSides } from './layout.ts';
import { type ReadSentence, readSentence } from './nlp.ts';
import { nounPhrases } from './phrases.ts';
import { scriptProduct } from './product.ts';
import { readScenery } from './scenery.ts';
import { firstLexfile, phraseThings, type ScriptContext, stemCounts, type Thing } from './things.ts';
import { type Lexfile, senses } from './wordnet.ts';

const CONTENT = new Set(['NOUN', 'VERB', 'ADJ', 'PROPN']);

function scriptContext(sentences: ReadSentence[]): ScriptContext {
  const content = sentences.flatMap((s) => s.words.filter((w) => CONTENT.has(w.pos)).map((w) => w.lemma));
  const nouns = new Map<string, number>();
  for (const s of sentences)
    for (const w of s.words) if (w.pos === 'NOUN') nouns.set(w.lemma, (nouns.get(w.lemma) ?? 0) + 1);
  const domains = new Map<Lexfile, number>();
  for (const lemma of nouns.keys()) {
    const lexfile = firstLexfile(lemma);
    if (lexfile) domains.set(lexfile, (domains.get(lexfile) ?? 0) + 1);
  }
  const opening = (sentences[0]?.words ?? []).filter((w) => w.pos === 'NOUN').map((w) => w.lemma);
  const mostSaid = [...nouns].sort((a, b) => b[1] - a[1])[0]?.[0];
  const animalSubject = [...opening, ...(mostSaid ? [mostSaid] : [])].some(namesAnimal);
  return { stems: stemCounts(content.join(' ')), nouns, domains, heads: new Map(), animalSubject };
}

/**
 * Whether a noun can name an animal, in any of its senses (WordNet lists the octopus as food first), and is not
 * first a person ("kids" are children before young goats).
 */
const namesAnimal = (lemma: string): boolean =>
  firstLexfile(lemma) !== 'person' && senses(lemma).some((s) => s.lexfile === 'animal');

/** Character spans a place or a figure takes: no icon is drawn for their words ("25 dollars" is no banknote). */
function takenSpans(text: string, places: PlaceSubject[], figureWords: string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const word of [...places.map((p) => p.word), ...figureWords]) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) spans.push([at, at + word.length]);
  }
  return spans;
}

/** Times of day are drawn as the scenery, never as an icon of their own (a night scene gets no moon badge). */
const TIME_WORDS = new Set(
  'night nights sunrise sunset dawn dusk evening morning midnight afternoon noon day days tonight twilight daybreak'.split(
    ' ',
  ),
);

/**
 * The confidence an icon needs to be drawn (see `confidence` in things.ts), chosen on the tuned-on corpus: the
 * highest precision there before recall falls away (0.4-0.6 all gave 95-96 %; above 0.6 precision fell again).
 * Below it the beat draws nothing for the words and the composer sets its key phrase as type.
 */
export const DRAW_CUTOFF = 0.5;

const toReadThing = (t: Thing): ReadThing => ({ words: t.words, icon: t.icon, negated: t.negated });

/** The subject: the first thing said as subject or object that is not negated, else the first negated one. */
function pickSubject(things: Thing[]): { subject?: Thing; context: Thing[] } {
  const plain = things.filter((t) => !t.negated);
  const subject = plain.find((t) => t.core) ?? plain[0] ?? things[0];
  const context = [...plain, ...things.filter((t) => t.negated)].filter((t) => t !== subject).slice(0, 2);
  return { ...(subject ? { subject } : {}), context };
}

function readOne(sentence: ReadSentence, ctx: ScriptContext, options: ReadOptions): SentenceReading {
  const { text } = sentence;
  const phrases = nounPhrases(sentence);
  const places = findPlaces(text);
  const figures = readFigures(sentence);
  const figure = figures[0];
  const taken = takenSpans(
    text,
    places,
    figures.map((f) => f.word),
  );
  const free = phrases.filter(
    (p) => !taken.some(([start, end]) => p.words.some((w) => w.start < end && w.end > start)),
  );
  const scenery = readScenery(sentence, phrases);
  const dark = scenery.includes('night') || scenery.includes('dusk');
  // Times of day are the scenery's; and a night or dusk scene never gets a sun ("when the sun goes down").
  const sea = scenery.includes('sea');
  const things = phraseThings(free, text, stemCounts(sentence.words.map((w) => w.lemma).join(' ')), ctx)
    .filter((t) => !TIME_WORDS.has(t.words.toLowerCase()) && !(dark && t.icon === 'sun'))
    // At sea, water is the sea's waves, not a drop.
    .map((t) => (sea && t.icon === 'droplet' ? { ...t, icon: 'water-wave' } : t))
    .filter((t) => t.confidence >= DRAW_CUTOFF);
  const route = movesBetween(sentence, places);
  const action = readAction(sentence, options.productName);
  const sides = action ? undefined : readSides(sentence, free, things);
  const items = action || sides ? [] : readItems(sentence, free, things);
  const { subject, context } = pickSubject(things);
  const layout = chooseLayout({
    ...(action ? { action } : {}),
    ...(sides ? { sides } : {}),
    places,
    route,
    items,
    ...(figure ? { figure } : {}),
    subjectSure: subject !== undefined && !subject.negated,
  });
  const reading: SentenceReading = {
    text,
    layout,
    ...(subject ? { subject: toReadThing(subject) } : {}),
    context: context.map(toReadThing),
    places: places.slice(0, layout === 'route' ? 2 : 1),
    ...(figure ? { figure } : {}),
    items: layout === 'steps' ? items : [],
    ...(layout === 'comparison' && sides ? { sides } : {}),
    ...(layout === 'call-to-action' && action ? { action } : {}),
    phrase: layout === 'call-to-action' && action ? action.action : keyPhrase(sentence, phrases),
    scenery,
  };
  return reading;
}

export function readScript(sentences: readonly string[], options: ReadOptions = {}): SentenceReading[] {
  const read = sentences.map((s) => readSentence(s));
  const ctx = scriptContext(read);
  // A call to action that does not name the product gets the name the script presented it by.
  const productName = options.productName ?? scriptProduct(read);
  const withProduct: ReadOptions = productName ? { ...options, productName } : options;
  return read.map((sentence) => readOne(sentence, ctx, withProduct));
}
