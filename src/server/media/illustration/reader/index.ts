/**
 * The sentence reader: a script's sentences read into what each one's beat draws (see ../reading.ts).
 *
 * Provisional: this reads each sentence with the word matcher of ../subjects.ts (first icon as the subject, one
 * place, one number, else the key phrase), so the composer has real input while the NLP reader is written. It is
 * replaced as a whole by the reader built on wink-nlp and WordNet.
 */
import type { ReadOptions, ReadThing, SentenceReading } from '../reading.ts';
import { sceneSubjects } from '../subjects.ts';

export function readScript(sentences: readonly string[], _options: ReadOptions = {}): SentenceReading[] {
  return sentences.map((text) => {
    const subjects = sceneSubjects(text);
    const things: ReadThing[] = subjects.icons.map((i) => ({ words: i.word, icon: i.icon, negated: false }));
    const figure = subjects.numbers[0];
    const layout =
      subjects.places.length > 0 ? 'place' : figure ? 'figure' : things.length > 0 ? 'subject' : 'key-phrase';
    return {
      text,
      layout,
      ...(things[0] ? { subject: things[0] } : {}),
      context: things.slice(1, 3),
      places: subjects.places.slice(0, 1),
      ...(figure ? { figure: { ...figure, label: '' } } : {}),
      items: [],
      phrase: subjects.phrase,
      scenery: [],
    };
  });
}
