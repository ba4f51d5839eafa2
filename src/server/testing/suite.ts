import { afterAll, beforeAll, describe } from 'vitest'
import { createTestApp, testDatabaseKinds, type TestApp, type TestAppOptions } from './harness'

const kinds = await testDatabaseKinds()

/**
 * Runs a suite once per available database (PGlite always, PostgreSQL when it answers), each on
 * its own fresh database created for this file. `t()` returns the running TestApp.
 */
export function describeEachDatabase(name: string, body: (t: () => TestApp) => void, options: Omit<TestAppOptions, 'database'> = {}): void {
  describe.each(kinds)(`${name} [%s]`, (kind) => {
    let testApp: TestApp | undefined
    beforeAll(async () => {
      testApp = await createTestApp({ ...options, database: kind })
    })
    afterAll(async () => {
      await testApp?.close()
    })
    body(() => {
      if (!testApp) throw new Error('test app not started')
      return testApp
    })
  })
}
