/**
 * Offline pictures that show what a scene says: its subjects (subjects.ts) drawn as a designed explainer frame
 * (compose.ts) in the video's palette (palette.ts), rasterised by draw.ts and animated in the render by motion.ts.
 * What only plans a picture (its words, its layout) imports compose.ts alone and loads no rasteriser.
 */
export {
  enterWithSpeech,
  type IllustrationSpec,
  type IllustrationStyle,
  illustratedWords,
  illustrateScene,
} from './compose.ts';
export { drawIllustration, drawLayers } from './draw.ts';
export type { MotionLayers } from './motion.ts';
export { brandPalette, type IllustrationPalette, scriptPalette } from './palette.ts';
