/**
 * Beats as a viewer sees them: renders ten varied short scripts through the real pipeline, offline (eSpeak or
 * Festival voice, illustrations, no keys), in 16:9, 9:16 and 1:1 at 720p, and writes one frame from the middle of
 * every sentence to a folder, with an index file of sentence → frame and what the beat drew, to rate each beat
 * fits / neutral / wrong (docs/benchmarks.md "Explainer beats").
 *
 *   npx tsx scripts/grab-beats.ts                          # every script, every shape, into ./beats
 *   npx tsx scripts/grab-beats.ts --out /tmp/beats --shapes 9:16 --scripts travel,recipe
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type CreateVideoRequest, createVideoRequestSchema, describePicture } from '../src/contract/video.ts';
import { readManifest } from '../src/server/features/videos/pipeline/manifest.ts';
import { runVideoPipeline } from '../src/server/features/videos/pipeline/run.ts';
import { narrationSlots } from '../src/server/media/brand.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';

const SCRIPTS: Record<string, string> = {
  travel:
    'We flew from Paris to Tokyo in the spring. The cherry blossoms covered every street. In Kyoto we walked through ancient temples. Pack light and bring good shoes.',
  'coffee farm':
    'Coffee begins its journey on a small farm in Ethiopia. The cherries ripen slowly in the shade of tall trees. Farmers pick them by hand and dry the beans in the sun. A single tree gives about one kilogram of coffee a year.',
  'night city':
    'At night the city never sleeps. Skyscrapers glow with thousands of lit windows. The harbour reflects the lights like a mirror. Over 7 million people live here.',
  'recipe steps':
    'This bread needs only four ingredients. Mix the flour, the water, the salt and the yeast. Let the dough rest for one hour. Bake it at 220 degrees until golden.',
  'product CTA':
    'Planning your week should not take all Sunday. NXN turns your notes into a clear plan in seconds. Teams save 5 hours every week. Start your free trial today.',
  figures:
    'Sales grew by 40% last year. We opened 12 new stores across Brazil. Our customers gave us 4.8 stars on average. Revenue reached $2.5 million.',
  comparison:
    'Tea or coffee: which wakes you up better? Coffee has about three times more caffeine. Tea releases its energy slowly. Both are good for you in moderation.',
  history:
    'In 1969 two astronauts walked on the Moon. The rocket launched from Florida on a hot July morning. Millions watched on black and white televisions. It changed how we see our planet.',
  science:
    'Water boils at 100 degrees at sea level. High in the mountains it boils at a lower temperature. That is why pasta takes longer to cook in Denver. Pressure changes everything.',
  'how-to':
    'Changing a bike tyre is easier than you think. First, remove the wheel from the frame. Then pull the old tube out and check the tyre for glass. No special tools are needed.',
};

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'beats' },
    shapes: { type: 'string', default: '16:9,9:16,1:1' },
    scripts: { type: 'string', default: Object.keys(SCRIPTS).join(',') },
    keep: { type: 'boolean', default: false },
  },
});
const out = path.resolve(values.out!);
fs.mkdirSync(out, { recursive: true });
const voices = createTtsProviders({ openaiBaseUrl: '', elevenlabsBaseUrl: '', festivalPath: '/usr/bin/festival' });
const images = createDesignedImageProvider();
const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

const index: string[] = ['# Explainer beats: one frame from the middle of every sentence', ''];
for (const name of values.scripts!.split(',')) {
  const script = SCRIPTS[name];
  if (!script) throw new Error(`No script named "${name}"; there are ${Object.keys(SCRIPTS).join(', ')}`);
  for (const aspect of values.shapes!.split(',')) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-beats-'));
    const request: CreateVideoRequest = createVideoRequestSchema.parse({
      script,
      voiceId: 'en-us-olivia',
      aspect,
      resolution: '720p',
      captions: 'line',
      visuals: 'generated',
      visualOrder: 'illustration',
      music: { enabled: false, volume: 30 },
    });
    const started = performance.now();
    const result = await runVideoPipeline({
      jobId: `beats-${slug(name)}-${slug(aspect)}`,
      workDir,
      request,
      providers: { voices, images },
    });
    const manifest = (await readManifest(workDir))!;
    const slots = narrationSlots(manifest.timeline!);
    index.push(`## ${name}, ${aspect} (${((performance.now() - started) / 1000).toFixed(0)} s to make)`, '');
    for (const [i, scene] of manifest.scenes!.entries()) {
      const slot = slots[i]!;
      const seconds = (slot.audioStartMs + slot.audioMs / 2) / 1000;
      const file = `${slug(name)}-${slug(aspect)}-${String(i + 1).padStart(2, '0')}.jpg`;
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-ss',
        seconds.toFixed(2),
        '-i',
        result.video,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        path.join(out, file),
      ]);
      const picture = result.pictures[i]!;
      index.push(`- ${i + 1}. "${scene}" → [${file}](${file}) — ${describePicture(picture)} — rating: `);
    }
    index.push('');
    if (!values.keep) fs.rmSync(workDir, { recursive: true, force: true });
    console.log(`${name} ${aspect}: ${manifest.scenes!.length} beats`);
  }
}
fs.writeFileSync(path.join(out, 'index.md'), `${index.join('\n')}\n`);
console.log(`Frames and index in ${out}`);
