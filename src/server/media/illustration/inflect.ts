/**
 * The dictionary forms a written English noun may stand for: "cities" → city, "knives" → knife, "mice" → mouse,
 * "glasses" → glass or glasse. Several guesses come back, most likely first; the icon index keeps the first it knows,
 * so a wrong guess ("glasse") costs nothing.
 */

const IRREGULAR: Readonly<Record<string, string>> = {
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  feet: 'foot',
  teeth: 'tooth',
  geese: 'goose',
  mice: 'mouse',
  lice: 'louse',
  oxen: 'ox',
  dice: 'die',
  cacti: 'cactus',
  fungi: 'fungus',
  bacteria: 'bacterium',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  data: 'data',
  media: 'media',
  news: 'news',
  series: 'series',
  species: 'species',
  sheep: 'sheep',
  fish: 'fish',
  deer: 'deer',
  moose: 'moose',
  aircraft: 'aircraft',
  police: 'police',
  glasses: 'glasses',
  scissors: 'scissors',
  jeans: 'jeans',
  shorts: 'shorts',
  pants: 'pants',
  clothes: 'clothes',
  lungs: 'lungs',
  beans: 'beans',
  fries: 'fries',
  headphones: 'headphones',
  sunglasses: 'sunglasses',
  goggles: 'goggles',
  socks: 'sock',
  analysis: 'analysis',
  bus: 'bus',
  gas: 'gas',
  virus: 'virus',
  cactus: 'cactus',
  octopus: 'octopus',
  hippopotamus: 'hippopotamus',
  campus: 'campus',
  status: 'status',
  chess: 'chess',
  glass: 'glass',
  grass: 'grass',
  dress: 'dress',
  business: 'business',
  fitness: 'fitness',
  wellness: 'wellness',
  happiness: 'happiness',
};

/** Words in -ves whose singular ends in -fe rather than -f. */
const FE_SINGULAR = new Set(['knife', 'wife', 'life']);

/** Dictionary-form candidates for a lower-case word, the word itself first when it may already be one. */
export function nounForms(word: string): string[] {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular === word ? [word] : [irregular, word];
  const forms: string[] = [];
  const add = (form: string) => {
    if (form.length >= 2 && !forms.includes(form)) forms.push(form);
  };
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) {
      add(`${word.slice(0, -3)}y`); // cities → city
      add(word.slice(0, -1)); // movies → movie
    } else if (word.endsWith('ves')) {
      const stem = word.slice(0, -3);
      add(FE_SINGULAR.has(`${stem}fe`) ? `${stem}fe` : `${stem}f`); // knives → knife, wolves → wolf
      add(word.slice(0, -1)); // olives → olive
    } else if (/(ch|sh|x|z|ss|o)es$/.test(word)) {
      add(word.slice(0, -2)); // boxes → box, tomatoes → tomato
      add(word.slice(0, -1)); // avocadoes → avocado... and "horses" style below
    } else if (word.endsWith('ses')) {
      add(word.slice(0, -1)); // horses → horse, houses → house
      add(word.slice(0, -2)); // buses → bus
    } else {
      add(word.slice(0, -1));
    }
    add(word);
  } else {
    add(word);
  }
  return forms;
}
