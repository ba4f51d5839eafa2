import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'

export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'eslint.config.test.ts'],
    environment: 'node',
    // Vitest's default (one core less than the machine has) is a single worker on a 2-core machine,
    // running every file in turn although server files spend much of their time waiting on the
    // database. Two at least: each file still runs alone in its own process (isolation unchanged).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
