import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, type RunningTestServer, type TestAppOptions } from '../../../src/server/testing/harness'

export const RENDERER_DIR = join(__dirname, '../../../out/renderer')
export const PRELOAD_BUNDLE = join(__dirname, '../../../out/preload/index.cjs')

/**
 * A real Pagecrew server on a free loopback port, serving the built renderer, on in-memory PGlite;
 * `options` as startTestServer's (e.g. a fast publisher interval in `config`).
 */
export async function startE2eServer(options: TestAppOptions = {}): Promise<RunningTestServer> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('No renderer build: run `npm run build` before the e2e tests.')
  }
  return startTestServer({ ...options, config: { ...options.config, rendererDir: RENDERER_DIR } })
}
