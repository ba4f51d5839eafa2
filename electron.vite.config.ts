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
      rollupOptions: {
        // The API server is bundled beside main: the desktop app runs it in a utilityProcess,
        // and `npm run serve` runs the same file with plain Node.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          server: resolve(__dirname, 'src/server/main.ts')
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
