/**
 * What a script's sentences say, read for drawing: the contract between the sentence reader (which reads English)
 * and the composer (which lays out frames). The reader decides what a sentence does and what in it can be drawn
 * surely; the composer decides where things go and how they move. Anything the reader is unsure of stays out: a
 * sentence with nothing sure to draw is set as typography of its key phrase, never given a doubtful picture.
 */
import { PICTURE_LAYOUTS, type PictureLayout } from '~/contract/video.ts';
import type { NumberSubject } from './numbers.ts';
import type { PlaceSubject } from './places.ts';

/** What a sentence does, which decides its layout: the layouts a picture says it has (src/contract/video.ts). */
export const BEAT_LAYOUTS = PICTURE_LAYOUTS;
export type BeatLayout = PictureLayout;

/** Settings a background can be drawn as, in the illustrations' flat family. */
export const SCENERIES = [
  'night',
  'dawn',
  'dusk',
  'city',
  'farm',
  'sea',
  'mountains',
  'desert',
  'kitchen',
  'office',
  'classroom',
] as const;
export type Scenery = (typeof SCENERIES)[number];

/** A thing the sentence names that can be drawn as an icon. */
export interface ReadThing {
  /** The words as written in the sentence ("coffee beans", "bolt cutters"): it enters when they are said. */
  words: string;
  /** A Fluent Emoji Flat icon name (`iconSvg` draws it). */
  icon: string;
  /** Said as absent or not needed ("no tools needed"): never drawn plainly (crossed out, or left out). */
  negated: boolean;
}

/** One item of a list or one step: its words, and an icon only when one is sure. */
export interface ReadItem {
  words: string;
  icon?: string;
}

/** A figure with what it counts ("200 m", "1 hour", "20 %"). */
export interface ReadFigure extends NumberSubject {
  /** What the number counts, as a short label when the sentence says it ("of farmers", "per cup"); '' otherwise. */
  label: string;
}

export interface SentenceReading {
  /** The sentence as written. */
  text: string;
  layout: BeatLayout;
  /** The main thing drawn large (layout `subject`, and beside a figure or a phrase when sure). */
  subject?: ReadThing;
  /** Up to two more things around the subject. */
  context: ReadThing[];
  /** Places in the order said (layouts `place` and `route`). */
  places: PlaceSubject[];
  figure?: ReadFigure;
  /** Steps or list items in the order said (layout `steps`). */
  items: ReadItem[];
  /** The two sides of a comparison (layout `comparison`). */
  sides?: [ReadItem, ReadItem];
  /** Layout `call-to-action`: the product's name and the action asked ("Download NXN", "Start your free trial"). */
  action?: { product: string; action: string };
  /** 2-6 words as written worth setting in big type; '' when none. */
  phrase: string;
  /** Settings the sentence's own words establish, strongest first; none is carried from the sentence before. */
  scenery: Scenery[];
}

export interface ReadOptions {
  /** The product or brand the script promotes, for calls to action. */
  productName?: string;
}
