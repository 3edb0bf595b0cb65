/**
 * Offline pictures that show what a scene says: its sentence read (reader/, reading.ts) and composed as one beat of
 * an explainer (composer/, compose.ts) in the video's palette (palette.ts), rasterised by draw.ts and animated in the render by motion.ts.
 * What only plans a picture (its words, its layout) imports compose.ts alone and loads no rasteriser.
 */
export { enterWithSpeech, type IllustrationSpec, type IllustrationStyle } from './compose.ts';
export { illustrateBeat, pictureElements } from './composer/index.ts';
export { drawIllustration, drawLayers } from './draw.ts';
export type { MotionLayers } from './motion.ts';
export { brandPalette, type IllustrationPalette, scriptPalette } from './palette.ts';
export { readScript } from './reader/index.ts';
export type { SentenceReading } from './reading.ts';
