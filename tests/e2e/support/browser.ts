import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, with the flags this machine's closed network needs (no background calls out). */
const CHROMIUM_PATH = process.env.PAGECREW_CHROMIUM ?? '/usr/bin/chromium'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
}
