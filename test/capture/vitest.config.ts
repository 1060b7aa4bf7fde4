import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Issue 36's accuracy corpus (`npm run test:capture`; .ci/run runs it as its own phase): every
// card of test/fixtures/capture read by the real OCR, about a second or two each. Not part of
// `npm test`, which keeps the fast unit test of the field rules (card-text.rules.test.ts).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/capture/**/*.test.ts'],
    // One file, one OCR engine: the per-card times are a card's own, not shared with another read.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
