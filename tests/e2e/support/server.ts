import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, type RunningTestServer } from '../../../src/server/testing/harness'

export const RENDERER_DIR = join(__dirname, '../../../out/renderer')
export const PRELOAD_BUNDLE = join(__dirname, '../../../out/preload/index.cjs')

/** A real Pagecrew server on a free loopback port, serving the built renderer, on in-memory PGlite. */
export async function startE2eServer(): Promise<RunningTestServer> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('No renderer build: run `npm run build` before the e2e tests.')
  }
  return startTestServer({ config: { rendererDir: RENDERER_DIR } })
}
