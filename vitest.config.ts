import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'

export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'eslint.config.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
