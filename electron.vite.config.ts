import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { academyContent } from './scripts/academy-content'
import { pathAliases } from './scripts/aliases'

const alias = pathAliases()

export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [academyContent()],
    build: {
      // Issue 16 (start-up time): the packages every start loads are bundled in, so Node reads and
      // compiles a few files instead of several hundred (date-fns alone is ~250 modules, tree-shaken
      // here). Native (@node-rs/argon2), WebAssembly (PGlite) and first-use packages stay outside.
      externalizeDeps: {
        exclude: [
          'zod',
          'drizzle-orm',
          'date-fns',
          '@date-fns/tz',
          'fastify',
          '@fastify/compress',
          '@fastify/cookie',
          '@fastify/rate-limit',
          '@fastify/static',
          '@fastify/multipart',
          'fast-json-stringify',
          'csv-stringify',
          'csv-parse'
        ]
      },
      rollupOptions: {
        // The API server is bundled beside main: the desktop app runs it in a utilityProcess,
        // and `npm run serve` runs the same file with plain Node.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          server: resolve(__dirname, 'src/server/main.ts'),
          // The embedded database's thread, started by the server beside it (src/server/db/pgliteThread.ts).
          pgliteWorker: resolve(__dirname, 'src/server/db/pgliteWorker.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias },
    build: {
      // Sandboxed preloads cannot require packages or load ESM: bundle everything into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias },
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified; the login route's 250 KB gzip budget needs it.
      minify: true,
      manifest: true,
      rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') }
    }
  }
})
