import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The docs stay true to the tree (docs/testing.md): every setting the server reads is in
 * docs/configuration.md, and every link or path the README and docs/ name leads to a file that exists.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** The environment names a source file reads: PAGECREW_* anywhere, the keys of a zod env schema, env.NAME and env['NAME']. */
function envNamesIn(source: string): string[] {
  const names = new Set<string>()
  for (const [name] of source.matchAll(/\bPAGECREW_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(name)
  const schema = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\)/.exec(source)?.[1] ?? ''
  for (const [, name] of schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) names.add(name!)
  for (const [, name] of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(name!)
  for (const [, name] of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(name!)
  return [...names].sort()
}

/** src/server/config.ts and the adapters' config modules it reads the environment through. */
function serverConfigSources(): string[] {
  const config = read('src/server/config.ts')
  const adapters = [...config.matchAll(/from '\.\/(adapters\/[a-z]+\/config)'/g)].map(([, path]) => `src/server/${path}.ts`)
  return ['src/server/config.ts', ...adapters]
}

function markdownFiles(): string[] {
  const found = ['README.md']
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) found.push(path)
    }
  }
  walk('docs')
  return found
}

/** `a/{b,c}/d` → a/b/d, a/c/d. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path)
  if (!match) return [path]
  return match[1]!.split(',').flatMap((part) => expandBraces(path.slice(0, match.index) + part + path.slice(match.index + match[0].length)))
}

/** Links and named paths in one Markdown file that lead nowhere, as 'file: target'. */
function brokenLinks(file: string, text: string, exists: (path: string) => boolean): string[] {
  const broken: string[] = []
  // Relative Markdown links, from the file's own folder.
  for (const [, target] of text.matchAll(/\]\(([^()\s]+)\)/g)) {
    if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target!)) continue
    const path = target!.replace(/[#?].*$/, '')
    if (!exists(join(dirname(file), decodeURIComponent(path)))) broken.push(`${file}: ${target}`)
  }
  // Backticked paths of the repository, from its root; placeholders and globs are not files.
  for (const [, named] of text.matchAll(/`((?:src|tests|scripts|docs)\/[^`\s]*)`/g)) {
    for (const path of expandBraces(named!)) {
      if (/[*<>…]/.test(path)) continue
      if (!exists(path.replace(/[.,;:]$/, ''))) broken.push(`${file}: ${named}`)
    }
  }
  return broken
}

describe('docs', () => {
  it('lists every setting the server reads in docs/configuration.md', () => {
    const documented = read('docs/configuration.md')
    const names = serverConfigSources().flatMap((path) => envNamesIn(read(path)))
    expect(names).toContain('PORT')
    expect(names).toContain('PAGECREW_TOKEN_KEY')
    expect(names.filter((name) => !documented.includes(`\`${name}\``))).toEqual([])
  })

  it('links only to files that exist (README.md and docs/)', () => {
    const exists = (path: string) => existsSync(join(ROOT, path))
    const broken = markdownFiles().flatMap((file) => brokenLinks(file, read(file), exists))
    expect(broken).toEqual([])
  })

  it('finds what it is meant to find', () => {
    const source = "const envSchema = z.object({\n  PORT: z.string(),\n  HOST: x\n})\nenv.APPDATA; env['XDG_DATA_HOME']; 'PAGECREW_A_B'; PAGECREW_STRIPE_*"
    expect(envNamesIn(source)).toEqual(['APPDATA', 'HOST', 'PAGECREW_A_B', 'PORT', 'XDG_DATA_HOME'])
    const exists = (path: string) => ['docs/a.md', 'src/x.ts', 'src/y/z.ts'].includes(relative('.', path))
    const text = '[a](a.md#top) [b](b.md) [w](https://example.com) [h](#here) `src/x.ts` `src/{x.ts,q.ts}` `tests/*.ts` `src/<id>.ts`'
    expect(brokenLinks('docs/c.md', text, exists)).toEqual(['docs/c.md: b.md', 'docs/c.md: src/{x.ts,q.ts}'])
  })
})
