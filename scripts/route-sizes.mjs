#!/usr/bin/env node
/**
 * Reports the JavaScript each code-split route needs, gzipped, from the renderer's Vite manifest:
 * the entry chunk and its static imports, plus the route's chunk and its static imports. Fails when
 * the login route exceeds its budget, so the first screen stays fast.
 *
 * Usage: node scripts/route-sizes.mjs [renderer-out-dir]   (default out/renderer, after electron-vite build)
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const LOGIN_ROUTE = /features\/auth\/LoginPage\.tsx$/
const LOGIN_BUDGET_BYTES = 250 * 1000

const outDir = resolve(process.argv[2] ?? 'out/renderer')
const manifestPath = join(outDir, '.vite', 'manifest.json')

let manifest
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
} catch (error) {
  console.error(`route-sizes: cannot read ${manifestPath} (${error.message}). Run electron-vite build first.`)
  process.exit(1)
}

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length)
  return gzipCache.get(file)
}

/** The chunk and everything it imports statically (what the browser must load before it runs). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen)
  return seen
}

function jsBytes(keys) {
  let total = 0
  for (const key of keys) {
    const file = manifest[key]?.file
    if (file?.endsWith('.js')) total += gzipBytes(file)
  }
  return total
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) {
  console.error('route-sizes: the manifest has no entry chunk.')
  process.exit(1)
}
const entryKeys = staticClosure(entryKey)
const entryBytes = jsBytes(entryKeys)

const rows = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const needed = new Set([...entryKeys, ...staticClosure(key)])
    const own = [...staticClosure(key)].filter((k) => !entryKeys.has(k))
    return { route: manifest[key].src ?? key, ownBytes: jsBytes(own), totalBytes: jsBytes(needed) }
  })
  .sort((a, b) => a.route.localeCompare(b.route))

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const width = Math.max(...rows.map((r) => r.route.length), 'route module'.length)
console.log(`\nRoute JS, gzip (entry ${entryKey}: ${kb(entryBytes)})`)
console.log(`${'route module'.padEnd(width)}  ${'own'.padStart(10)}  ${'total'.padStart(10)}`)
for (const row of rows) {
  console.log(`${row.route.padEnd(width)}  ${kb(row.ownBytes).padStart(10)}  ${kb(row.totalBytes).padStart(10)}`)
}

const login = rows.find((row) => LOGIN_ROUTE.test(row.route))
if (!login) {
  console.error('\nroute-sizes: no lazy login route found in the manifest.')
  process.exit(1)
}
if (login.totalBytes > LOGIN_BUDGET_BYTES) {
  console.error(`\nroute-sizes: the login route needs ${kb(login.totalBytes)} gzip, over its ${kb(LOGIN_BUDGET_BYTES)} budget.`)
  process.exit(1)
}
console.log(`\nLogin route: ${kb(login.totalBytes)} of its ${kb(LOGIN_BUDGET_BYTES)} budget.`)
