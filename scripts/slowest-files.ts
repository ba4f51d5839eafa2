import type { Reporter, TestModule } from 'vitest/node'

/*
 * Prints the slowest test files when a run ends (their import plus their tests' time), so a CI log says where
 * the suite's minutes go (docs/testing.md, "Keeping the suite quick"). Added beside the default reporter.
 */

const SHOWN = 12

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((module) => {
        const d = module.diagnostic()
        return { file: module.relativeModuleId, collect: d.collectDuration, tests: d.duration }
      })
      .filter((row) => row.collect + row.tests > 0)
      .sort((a, b) => b.collect + b.tests - (a.collect + a.tests))
    if (rows.length < 2) return
    const total = rows.reduce((sum, row) => sum + row.collect + row.tests, 0)
    const lines = rows.slice(0, SHOWN).map((row) => {
      const seconds = (ms: number): string => (ms / 1000).toFixed(1).padStart(6)
      return `  ${seconds(row.collect + row.tests)} s  (import ${seconds(row.collect).trim()} s)  ${row.file}`
    })
    console.log(`\nSlowest ${Math.min(SHOWN, rows.length)} of ${rows.length} files (${(total / 1000).toFixed(0)} s of file time in all, across workers):\n${lines.join('\n')}\n`)
  }
}
