import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'
import SlowestFiles from './scripts/slowest-files'

const INCLUDE = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'eslint.config.test.ts', 'importCycles.test.ts']

/** Test files under `dir` that replace modules (vi.mock / vi.doMock): they run in a module registry of their own. */
function filesReplacingModules(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...filesReplacingModules(path))
    else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))) found.push(path)
  }
  return found
}
const REPLACING_MODULES = filesReplacingModules('src')

export default defineConfig({
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  test: {
    environment: 'node',
    reporters: ['default', new SlowestFiles()],
    // Vitest's default (one core less than the machine has) is a single worker on a 2-core machine,
    // running every file in turn although server files spend much of their time waiting on the
    // database. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Files share each worker's loaded modules instead of loading the server, React and Fluent UI
        // again per file (the suite took a fifth less time). Every file restores what it fakes (timers,
        // globals); the harness gives each file its own databases and servers.
        test: { name: 'unit', include: INCLUDE, exclude: REPLACING_MODULES, isolate: false }
      },
      {
        extends: true,
        // A replaced module would leak into the files after it in a shared registry.
        test: { name: 'unit (own modules)', include: REPLACING_MODULES, isolate: true }
      }
    ]
  }
})
