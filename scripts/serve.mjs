// `npm run serve`: the team server and the browser version on one origin (PGlite by default,
// PostgreSQL with DATABASE_URL). Builds first when there is no build.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildIfNeeded, root } from './build-if-needed.mjs'

export function serve() {
  buildIfNeeded()
  const child = spawn(process.execPath, [join(root, 'out/main/server.js')], { cwd: root, stdio: 'inherit', env: process.env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

if (import.meta.url === `file://${process.argv[1]}`) serve()
