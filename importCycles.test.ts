import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pathAliases } from './scripts/aliases'

/**
 * No import cycle anywhere in src/, type-only imports included (lint's import-x/no-cycle skips those):
 * a circle of types still ties modules together for whoever reads or moves them. Test files are left
 * out; nothing imports them.
 */
const root = import.meta.dirname
const aliases = Object.entries(pathAliases())
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const alias = aliases.find(([name]) => specifier === name || specifier.startsWith(`${name}/`))
  const base = alias ? join(alias[1], specifier.slice(alias[0].length)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null
  if (base === null) return null
  for (const candidate of [base, ...EXTENSIONS.map((ext) => `${base}${ext}`)]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate
  }
  return null
}

export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8')
      const targets = [...text.matchAll(SPECIFIER)].map((m) => resolveSpecifier(file, m[1]!)).filter((t): t is string => t !== null && known.has(t))
      return [file, [...new Set(targets)]]
    })
  )
}

/** Tarjan's strongly connected components with more than one file, or one importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

describe('import cycles', () => {
  it('finds a cycle of type-only imports (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']]
    ])
    expect(cycles(graph)).toEqual([['a', 'b', 'c']])
    const text = "import type { X } from './x'\nexport type { Y } from '@shared/y'\nimport { z } from \"./z\"\n"
    expect([...text.matchAll(SPECIFIER)].map((m) => m[1])).toEqual(['./x', '@shared/y', './z'])
  })

  it('has none in src/, type-only imports included', () => {
    const graph = importGraph(sourceFiles(join(root, 'src')))
    expect(graph.size).toBeGreaterThan(500)
    expect(cycles(graph).map((cycle) => cycle.map((file) => relative(root, file)))).toEqual([])
  })
})
