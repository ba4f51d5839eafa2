import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'
import SlowestFiles from './scripts/slowest-files'

export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    reporters: ['default', new SlowestFiles()],
    // Two files at a time: each starts its own server (own data folder, own port) and its own
    // Chromium, and much of a file's time is waiting for pages and servers (17 files: 427 → 289 s).
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
