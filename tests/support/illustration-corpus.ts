/**
 * Scores `sceneSubjects` on the labelled corpus (tests/fixtures/illustration-corpus.json): for each scene, whether
 * the subject the illustration puts first (the first icon, else the first place, else the first number: the order
 * the drawing uses) depicts something the narration names, and whether any drawn subject does. Shared by the unit
 * test that holds the share and by scripts/bench-illustration.ts that reports it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nameKey } from '~/server/media/illustration/places.ts';
import { type SceneSubjects, sceneSubjects } from '~/server/media/illustration/subjects.ts';

export type Label = { thing: string; icons: string[] } | { place: string } | { number: number };

export interface CorpusScene {
  script: string;
  kind: string;
  /** Written after the matcher was tuned on the others, and never tuned on. */
  heldOut: boolean;
  text: string;
  subjects: Label[];
}

interface CorpusFile {
  scripts: Array<{ id: string; kind: string; heldOut?: boolean; scenes: Array<{ text: string; subjects: Label[] }> }>;
}

export const CORPUS_FILE = path.resolve(import.meta.dirname, '..', 'fixtures', 'illustration-corpus.json');

export function loadCorpus(): CorpusScene[] {
  const file = JSON.parse(fs.readFileSync(CORPUS_FILE, 'utf8')) as CorpusFile;
  return file.scripts.flatMap(({ id, kind, heldOut = false, scenes }) =>
    scenes.map((scene) => ({ script: id, kind, heldOut, ...scene })),
  );
}

type Drawn = SceneSubjects['icons'][number] | SceneSubjects['places'][number] | SceneSubjects['numbers'][number];

/** Whether one drawn subject depicts one of the labels. */
export function depicts(drawn: Drawn, labels: Label[]): boolean {
  return labels.some((label) => {
    if (drawn.kind === 'icon') return 'icons' in label && label.icons.includes(drawn.icon);
    if (drawn.kind === 'place')
      return 'place' in label && [drawn.name, drawn.word].some((n) => nameKey(n) === nameKey(label.place));
    return 'number' in label && Math.abs(label.number - drawn.value) < 1e-9;
  });
}

/** The subject drawn first: the first icon, else the first place, else the first number. */
export const mainSubject = (s: SceneSubjects): Drawn | undefined => s.icons[0] ?? s.places[0] ?? s.numbers[0];

export interface SceneScore {
  scene: CorpusScene;
  subjects: SceneSubjects;
  main: Drawn | undefined;
  mainHit: boolean;
  anyHit: boolean;
  ms: number;
}

export function scoreCorpus(scenes = loadCorpus()): { scores: SceneScore[]; mainShare: number; anyShare: number } {
  const scores = scenes.map((scene) => {
    const started = performance.now();
    const subjects = sceneSubjects(scene.text);
    const ms = performance.now() - started;
    const main = mainSubject(subjects);
    const drawn: Drawn[] = [...subjects.icons, ...subjects.places, ...subjects.numbers];
    return {
      scene,
      subjects,
      main,
      mainHit: main !== undefined && depicts(main, scene.subjects),
      anyHit: drawn.some((d) => depicts(d, scene.subjects)),
      ms,
    };
  });
  const share = (hit: (s: SceneScore) => boolean) => scores.filter(hit).length / scores.length;
  return { scores, mainShare: share((s) => s.mainHit), anyShare: share((s) => s.anyHit) };
}

/** How a drawn subject reads in a report: "beans → beans", "Ethiopia (country)", "$2.5 million". */
export function describe(drawn: Drawn | undefined): string {
  if (!drawn) return '(nothing)';
  if (drawn.kind === 'icon') return `${drawn.word} → ${drawn.icon}`;
  if (drawn.kind === 'place') return `${drawn.word} (${drawn.place})`;
  return drawn.word;
}
