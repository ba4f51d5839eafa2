import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'

export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
