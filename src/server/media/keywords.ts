/**
 * A stock-search query for a scene when no language model is configured: the scene's concrete words, in the order
 * they are said. There is no tagger here, so "concrete" is approximated by what it is not: function words, pronouns,
 * the everyday verbs and adjectives every script is full of, filler ("really", "basically"), adverbs in -ly, and
 * numbers. Stock libraries match on nouns ("coffee mug desk"), and a short query finds more than a sentence does.
 */

const FUNCTION_WORDS = `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each either
every few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself
neither no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's
should shouldn't so some such than that that's the their theirs them themselves then there there's these they they'd
they'll they're they've this those through to too under until up upon us very was wasn't we we'd we'll we're we've were
weren't what what's when when's where where's which while who who's whom whose why why's will with within without won't
would wouldn't you you'd you'll you're you've your yours yourself yourselves yet via per onto toward towards across
along among around behind beside besides beyond despite inside near outside since though unless whether whereas
whenever wherever whatever whoever however therefore thus hence may might must shall`;

/** Verbs, adjectives and nouns too general to picture. */
const VAGUE_WORDS = `get gets got getting make makes made making go goes went going gone come comes came coming take takes
took taking give gives gave giving put puts keep keeps kept let lets say says said saying tell tells told know knows knew
known think thinks thought see sees saw seen look looks looking want wants wanted need needs needed use uses used using try
tries tried trying start starts started starting find finds found help helps helped helping work works worked feel feels
felt seem seems seemed become becomes became leave leaves left call calls called ask asks asked show shows showed shown
mean means meant turn turns turned happen happens happened begin begins began bring brings brought stay stays stayed change
changes changed add adds added click clicks clicked open opens opened set sets setting follow follows followed remember
check checks checked love loves loved like likes liked enjoy hold holds held move moves moved run runs ran believe
imagine wait waited learn learns learned
good great best better bad worse worst new old big small little large long short high low right wrong real true easy hard
simple next last first second third final many much several enough whole full empty different same sure able ready amazing awesome
perfect incredible important possible available special entire own favorite favourite beautiful nice fine huge tiny
thing things stuff way ways lot lots kind sort bit part parts time times day days today now step steps moment one ones
something anything everything nothing someone anyone everyone nobody somebody anybody everybody people person guys folks
today tomorrow yesterday tonight minute minutes second seconds hour hours year years week weeks
really just actually basically literally simply totally quite rather pretty maybe perhaps even still already almost
always never often sometimes usually again ever soon later here there well okay ok yes yeah oh hey hi hello welcome
please thanks thank video videos channel subscribe`;

/** Irregular past forms, which the -ed rule misses. */
const IRREGULAR_PAST = `ate became began bit blew broke broken brought built bought caught chose chosen drew drawn drove driven fell
felt flew flown forgot froze frozen gave grew grown hid hidden hit hung kept knew laid led lit lost met paid ran rang rode
rose sang sank sat shook shot slept spoke spoken spent stood stole stuck swam swung taught threw thrown tore torn understood
woke wore worn won wrote written`;

const FUNCTION = new Set(FUNCTION_WORDS.split(/\s+/));
const STOP = new Set(
  [...FUNCTION_WORDS.split(/\s+/), ...VAGUE_WORDS.split(/\s+/), ...IRREGULAR_PAST.split(/\s+/)].filter(Boolean),
);

/** A function word ("the", "with", "would"): never the name of anything. */
export const isFunctionWord = (word: string): boolean => FUNCTION.has(word);
/** A word too general or too grammatical to search for or to draw (function words, "get", "thing", "really"...). */
export const isStopWord = (word: string): boolean => STOP.has(word);

/** Words that open a noun phrase; the phrase's last content word is its head noun. */
const DETERMINERS = new Set(
  'a an the this that these those my your his her its our their some every each any one no another'.split(' '),
);

/** Words (apostrophes and inner hyphens kept, so "don't" meets its stop-word) and the punctuation that ends a phrase. */
const TOKEN = /[\p{L}][\p{L}\p{M}'’-]*[\p{L}]|[\p{L}]|[.,;:!?()"“”—–]/gu;

const normalize = (raw: string): string => raw.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');

/** Not worth searching for: stop-words, very short words, adverbs in -ly and regular past forms in -ed. */
const isFiller = (word: string, capitalised: boolean): boolean =>
  STOP.has(word) ||
  word.length < 3 ||
  (!capitalised && word.length > 4 && word.endsWith('ly')) ||
  (word.length > 4 && /[^e]ed$/.test(word));

/**
 * The scene's picturable words, each once, in spoken order; at most `maxWords`. Head nouns of noun phrases ("a
 * small fishing BOAT") weigh most, then their modifiers, then repeats; names (capitalised mid-sentence) weigh more.
 */
export function sceneKeywords(text: string, maxWords = 4): string[] {
  const tokens = text.match(TOKEN) ?? [];
  const found = new Map<string, { score: number; first: number }>();
  const credit = (word: string, score: number, position: number) => {
    const seen = found.get(word);
    if (seen) seen.score += score;
    else found.set(word, { score, first: position });
  };
  let phrase: Array<{ word: string; position: number }> | null = null;
  let sentenceStart = true;
  const closePhrase = () => {
    for (const [i, { word, position }] of (phrase ?? []).entries())
      credit(word, i === phrase!.length - 1 ? 3 : 1, position);
    phrase = null;
  };
  tokens.forEach((raw, position) => {
    if (!/\p{L}/u.test(raw)) {
      closePhrase();
      if (/[.!?]/.test(raw)) sentenceStart = true;
      return;
    }
    const word = normalize(raw);
    const atStart = sentenceStart;
    sentenceStart = false;
    if (DETERMINERS.has(word)) {
      closePhrase();
      phrase = [];
      return;
    }
    const capitalised = /^\p{Lu}/u.test(raw);
    if (isFiller(word, capitalised)) {
      // A vague adjective before the noun ("a small boat") keeps the phrase open; a verb after it ("the boat drifted") ends it.
      if (FUNCTION.has(word) || (phrase && phrase.length > 0)) closePhrase();
      return;
    }
    const name = !atStart && capitalised ? 2 : 0;
    if (phrase && phrase.length < 3) phrase.push({ word, position });
    else {
      closePhrase();
      credit(word, 1 + name, position);
      return;
    }
    if (name) credit(word, name, position);
  });
  closePhrase();
  // Best first, earlier on ties; then shown in spoken order.
  const ranked = [...found.entries()].sort(([, x], [, y]) => y.score - x.score || x.first - y.first);
  return ranked
    .slice(0, maxWords)
    .sort(([, x], [, y]) => x.first - y.first)
    .map(([word]) => word);
}

/** A stock-search query for one scene; falls back to the whole script's keywords when the scene has none of its own. */
export function sceneQuery(scene: string, script = ''): string {
  const own = sceneKeywords(scene);
  return (own.length > 0 ? own : sceneKeywords(script, 3)).join(' ');
}
