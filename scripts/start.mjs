// `npm start`: the desktop app on its embedded server. Where the Electron binary is absent (npm 11
// skips Electron's download script), try Electron's installer once with a short deadline; when
// that cannot succeed, say so in one line and serve the browser version instead.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { buildIfNeeded, root } from './build-if-needed.mjs'
import { serve } from './serve.mjs'

const require = createRequire(import.meta.url)
const INSTALL_DEADLINE_MS = 20_000

function electronBinary() {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

function tryInstallElectron() {
  const installer = join(root, 'node_modules/electron/install.js')
  if (!existsSync(installer) || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return
  const env = { ...process.env }
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
  spawnSync(process.execPath, [installer], { cwd: root, env, stdio: 'ignore', timeout: INSTALL_DEADLINE_MS })
}

let binary = electronBinary()
if (!binary) {
  tryInstallElectron()
  binary = electronBinary()
}

if (!binary) {
  console.log('The Electron binary is not installed on this machine (it could not be downloaded); serving the browser version instead.')
  if (!process.env.PORT) process.env.PORT = '4680'
  serve()
} else {
  buildIfNeeded()
  const child = spawn(binary, [root], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
}
