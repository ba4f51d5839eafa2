import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'

/**
 * Benchmarks (DESIGN.md §6): `npm run bench`, never `npm test`. Each prints its figure beside a
 * baseline measured in the same run; one file at a time so they do not slow each other down.
 */
export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    include: ['tests/bench/**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000
  }
})
