import { afterAll, beforeAll } from 'vitest'
import type { Browser } from 'playwright-core'
import type { RunningTestServer } from '../../../src/server/testing/harness'
import { launchChromium } from './browser'
import { startE2eServer } from './server'

export interface ServerAndBrowser {
  server: RunningTestServer
  browser: Browser
}

/**
 * Starts a Pagecrew server (see startE2eServer) and Chromium once for the file's tests and closes
 * both afterwards; `started` receives them before the first test runs.
 */
export function useServerAndBrowser(started: (running: ServerAndBrowser) => void) {
  let running: Partial<ServerAndBrowser> = {}
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startE2eServer(), launchChromium()])
    running = { server, browser }
    started({ server, browser })
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.server?.close()
  })
}
