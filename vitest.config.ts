import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suites that take minutes, longest first. A clean clone has no timings cached, so Vitest would start the largest
 * files first and reach these last, leaving one worker alone with them for minutes at the end of `npm test`.
 */
const MINUTES_LONG = ['documented-scripts', 'soak', 'batches-api'].map((name) => `/tests/integration/${name}.test.ts`);

class MinutesLongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = MINUTES_LONG.findIndex((suffix) => file.moduleId.endsWith(suffix));
      return index === -1 ? MINUTES_LONG.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Integration suites start real servers, databases and ffmpeg, and spend much of their time waiting on them (polls,
    // timers, start-up): three at once keep two cores busy where two left them idle; more would only queue for CPU.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: MinutesLongFirst },
  },
});
