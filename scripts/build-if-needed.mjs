// Builds main, preload, server and renderer with electron-vite when the build is missing or older
// than the sources, so `npm start` and `npm run serve` always run what is checked out.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const outputs = ['out/main/index.js', 'out/main/server.js', 'out/main/pglite-template.tar', 'out/preload/index.cjs', 'out/renderer/index.html']

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs
    if (time > newest) newest = time
  }
  return newest
}

/** The migrated embedded database a new data folder starts from (src/server/db/pgliteTemplate.ts). */
export function writePgliteTemplate() {
  const result = spawnSync(process.execPath, [join(root, 'out/main/server.js'), '--write-pglite-template'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) {
    console.error('Writing the embedded database template failed; see the errors above.')
    process.exit(result.status ?? 1)
  }
}

export function buildIfNeeded() {
  const paths = outputs.map((p) => join(root, p))
  const missing = paths.some((p) => !existsSync(p))
  const oldest = missing ? 0 : Math.min(...paths.map((p) => statSync(p).mtimeMs))
  if (!missing && newestMtime(join(root, 'src')) <= oldest) return
  console.log(
    missing
      ? 'Building Pagecrew for its first run (later starts skip this unless the sources change)…'
      : 'Sources changed since the last build; rebuilding Pagecrew…'
  )
  const startedAt = Date.now()
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit']
  })
  if (result.status !== 0) {
    console.error('The build failed; see the errors above.')
    process.exit(result.status ?? 1)
  }
  writePgliteTemplate()
  console.log(`Built in ${Math.round((Date.now() - startedAt) / 1000)} s; starting Pagecrew…`)
}
