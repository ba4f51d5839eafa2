import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The import aliases, read from `compilerOptions.paths` in tsconfig.base.json (the one place they are
 * written) and turned into Vite/Vitest aliases: `"@shared/*": ["src/shared/*"]` → `@shared` → `<root>/src/shared`.
 */
export function pathAliases(): Record<string, string> {
  const config = JSON.parse(readFileSync(resolve(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { baseUrl?: string; paths: Record<string, string[]> }
  }
  const base = resolve(root, config.compilerOptions.baseUrl ?? '.')
  const aliases: Record<string, string> = {}
  for (const [pattern, targets] of Object.entries(config.compilerOptions.paths)) {
    const target = targets[0]
    if (!pattern.endsWith('/*') || !target?.endsWith('/*')) throw new Error(`tsconfig.base.json: path alias ${pattern} must end in /*`)
    aliases[pattern.slice(0, -2)] = resolve(base, target.slice(0, -2))
  }
  return aliases
}
