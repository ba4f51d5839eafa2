import { defineConfig } from 'vitest/config'
import { pathAliases } from './scripts/aliases'

export default defineConfig({
  resolve: { alias: pathAliases() },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'eslint.config.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
