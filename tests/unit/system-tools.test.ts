/** How a server that lacks a tool says so: one sentence for the create screen, the refused request and a failed job. */
import { describe, expect, it } from 'vitest';
import {
  installCommand,
  type MissingTool,
  missingNames,
  setupFailureMessage,
  toolsMissingMessage,
} from '~/contract/system-tools.ts';

const ffmpeg: MissingTool = { tool: 'ffmpeg', packages: ['ffmpeg'], problem: 'ffmpeg is not on the PATH' };
const ffprobe: MissingTool = { tool: 'ffprobe', packages: ['ffmpeg'], problem: 'ffprobe is not on the PATH' };
const fonts: MissingTool = {
  tool: 'caption-fonts',
  packages: ['fonts-dejavu-core', 'fonts-nanum'],
  problem: 'not found',
};

describe('what a server lacks', () => {
  it('names each tool once, in a fixed order, and installs each package once', () => {
    expect(missingNames([fonts, ffprobe, ffmpeg])).toBe('ffmpeg, ffprobe and the caption fonts');
    expect(missingNames([ffmpeg])).toBe('ffmpeg');
    expect(installCommand([ffmpeg, ffprobe, fonts])).toBe(
      'sudo apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core fonts-nanum',
    );
  });

  it('says what cannot be done, what is missing and how to fix it; a failed job says nothing was charged', () => {
    expect(toolsMissingMessage('make videos', [ffmpeg])).toBe(
      'This server cannot make videos yet. It is missing ffmpeg. Whoever runs it can install it with: sudo apt-get install -y --no-install-recommends ffmpeg',
    );
    expect(setupFailureMessage('make videos', [ffmpeg, ffprobe])).toBe(
      'This server cannot make videos yet. It is missing ffmpeg and ffprobe, so this could not be made. No credits were charged.',
    );
  });
});
