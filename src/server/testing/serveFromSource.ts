/**
 * `node --import tsx src/server/testing/serveFromSource.ts`: the server's main.ts run from source,
 * for tests that need it as a process of its own (issue 16's process-kill faults) without a build.
 * main.ts does not run under tsx alone (its migrations are bundled with Vite's import.meta.glob),
 * so it is loaded through Vite's SSR module loader, with the aliases every other tool uses.
 * Configuration comes from the environment, as for `node out/main/server.js`.
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { academyContent } from '../../../scripts/academy-content'
import { pathAliases } from '../../../scripts/aliases'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const vite = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  resolve: { alias: pathAliases() },
  plugins: [academyContent()],
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] }
})
await vite.ssrLoadModule('/src/server/main.ts')
