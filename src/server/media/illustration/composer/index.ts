/**
 * The composer: a sentence's reading (../reading.ts) laid out as one beat of a motion-graphics explainer, in a layout
 * chosen by what the sentence does (one file per layout), over the scenery its words set. Every sentence gets a
 * composition: when nothing in it is sure to draw, its key phrase is set as kinetic type, never a doubtful picture.
 * Each frame shape is composed on its own (frameOf), clear of the captions.
 */
import type { PictureElement } from '~/contract/video.ts';
import type {
  ComposeOptions,
  IllustrationCounter,
  IllustrationElement,
  IllustrationSpec,
  IllustrationStyle,
} from '../compose.ts';
import type { BeatLayout, SentenceReading } from '../reading.ts';
import { callToActionLayout } from './call-to-action.ts';
import { comparisonLayout } from './comparison.ts';
import { figureLayout } from './figure.ts';
import { keyPhraseLayout } from './key-phrase.ts';
import { frameOf } from './parts.ts';
import { mappable, placeLayout } from './place.ts';
import { sceneryBackground } from './scenery.ts';
import { stepsLayout } from './steps.ts';
import { subjectLayout } from './subject.ts';

/**
 * The layout the beat gets: the reader's, when the reading has what that layout draws (a map needs a country the
 * atlas knows, a route two, steps two items...), else the nearest that it has, else the key phrase.
 */
export function beatLayout(reading: SentenceReading, productName?: string): BeatLayout {
  const places = mappable(reading.places).length;
  const has: Record<BeatLayout, boolean> = {
    route: places >= 2,
    place: places >= 1,
    figure: Boolean(reading.figure),
    steps: reading.items.length >= 2,
    comparison: Boolean(reading.sides),
    'call-to-action': Boolean(reading.action || productName),
    subject: Boolean(reading.subject),
    'key-phrase': true,
  };
  if (has[reading.layout]) return reading.layout;
  if (reading.layout === 'route' && has.place) return 'place';
  return has.subject ? 'subject' : 'key-phrase';
}

function layoutElements(
  layout: BeatLayout,
  reading: SentenceReading,
  frame: ReturnType<typeof frameOf>,
): { elements: IllustrationElement[]; counter: IllustrationCounter | null } {
  const only = (elements: IllustrationElement[]) => ({ elements, counter: null });
  switch (layout) {
    case 'place':
    case 'route':
      return only(placeLayout(reading, frame, layout === 'route'));
    case 'figure':
      return figureLayout(reading, frame);
    case 'steps':
      return only(stepsLayout(reading, frame));
    case 'comparison':
      return only(comparisonLayout(reading, frame));
    case 'call-to-action':
      return only(callToActionLayout(reading, frame));
    case 'subject':
      return only(subjectLayout(reading, frame));
    case 'key-phrase':
      return only(keyPhraseLayout(reading, frame));
  }
}

const rounded = (e: IllustrationElement): IllustrationElement => ({
  ...e,
  x: Math.round(e.x),
  y: Math.round(e.y),
  width: Math.round(e.width),
  height: Math.round(e.height),
});

const SAID_ORDER: ReadonlyArray<IllustrationElement['kind']> = ['icon', 'map', 'number', 'text'];

export function composeBeat(reading: SentenceReading, options: ComposeOptions): IllustrationSpec {
  const frame = frameOf(options);
  const layout = beatLayout(reading, options.productName);
  const { elements, counter } = layoutElements(layout, reading, frame);
  const scenery = reading.scenery[0] ?? null;
  const background = sceneryBackground(scenery, options, options.palette, options.index);
  return {
    width: options.width,
    height: options.height,
    layout,
    scenery,
    background: background.svg,
    bleed: background.bleed,
    elements: elements.map(rounded),
    counter,
    // Things first, then places, figures and words, as the storyboard has always named them.
    subjects: [
      ...new Set(
        [...elements]
          .sort((a, b) => SAID_ORDER.indexOf(a.kind) - SAID_ORDER.indexOf(b.kind))
          .map((e) => e.words.trim())
          .filter(Boolean),
      ),
    ],
  };
}

/** What a beat draws, for the storyboard and the video's JSON: its scenery, then each element with its box. */
export function pictureElements(
  spec: Pick<IllustrationSpec, 'width' | 'height' | 'scenery' | 'elements'>,
): PictureElement[] {
  return [
    ...(spec.scenery
      ? [
          {
            kind: 'scenery' as const,
            name: spec.scenery,
            words: '',
            box: { x: 0, y: 0, width: spec.width, height: spec.height },
          },
        ]
      : []),
    ...spec.elements.map((e) => ({
      kind: e.kind,
      name: e.name,
      words: e.words,
      box: { x: Math.round(e.x), y: Math.round(e.y), width: Math.round(e.width), height: Math.round(e.height) },
    })),
  ];
}

/** The beat at `index` (0-based: it alternates the layout's sides) of a video with this look. */
export const illustrateBeat = (
  reading: SentenceReading,
  index: number,
  style: IllustrationStyle,
  productName?: string,
): IllustrationSpec =>
  composeBeat(reading, {
    ...style.frame,
    palette: style.palette,
    captionPosition: style.captionPosition,
    index,
    productName,
  });
