import { afterAll, beforeAll } from 'vitest'
import type { Browser } from 'playwright-core'
import type { RunningTestServer, TestAppOptions } from '../../../src/server/testing/harness'
import { launchChromium } from './browser'
import { startE2eServer } from './server'

export interface ServerAndBrowser {
  server: RunningTestServer
  browser: Browser
}

/**
 * Starts a Pagecrew server (see startE2eServer, which takes `serverOptions`) and Chromium once for
 * the file's tests and closes both afterwards; `started` receives them before the first test runs.
 */
export function useServerAndBrowser(started: (running: ServerAndBrowser) => void, serverOptions: TestAppOptions = {}) {
  let running: Partial<ServerAndBrowser> = {}
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startE2eServer(serverOptions), launchChromium()])
    running = { server, browser }
    started({ server, browser })
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.server?.close()
  })
}
