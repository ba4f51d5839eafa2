import { defineConfig } from 'vitest/config'
import { pathAliases } from './scripts/aliases'

export default defineConfig({
  resolve: { alias: pathAliases() },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
