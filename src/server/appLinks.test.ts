import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROUTE_LIST } from '../shared/routes'

/**
 * DESIGN.md §7: every link the server writes (notifications, emails, webhooks, return addresses) is
 * built from the route registry with linkTo, never a path string written by hand. This scans the
 * server's sources (not its tests nor src/server/testing) for string pieces that look like an app
 * link: a literal, or the text after a template's `${…}`, that starts with '/' and a registered
 * route's first segment ('/collaborate?', `/join?`, `${base}/validate-certification`).
 */

const SERVER_DIR = dirname(fileURLToPath(import.meta.url))
const REPO_DIR = join(SERVER_DIR, '..', '..')

/** First path segments of the registered screens: 'dashboard', 'content', 'collaborate', … */
const ROUTE_SEGMENTS = new Set(ROUTE_LIST.filter((route) => route.path !== '*').map((route) => route.path.split('/')[1]!))

/** Fastify registration calls: their first argument is an API path (mounted under API_BASE), not a link. */
const REGISTRATION_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'route'])

/** API paths that share a first segment with a screen, each registered under API_BASE elsewhere. */
const API_PATH_CONSTANTS: ReadonlyArray<{ file: string; text: string }> = [{ file: 'src/server/routes/billingWebhooks.ts', text: '/billing/webhooks/stripe' }]

interface HandWrittenLink {
  file: string
  line: number
  text: string
}

function looksLikeAppLink(text: string): boolean {
  if (!text.startsWith('/') || text.startsWith('/api')) return false
  const segment = /^\/([a-z0-9-]+)(?=$|[/?#])/.exec(text)?.[1]
  return segment !== undefined && ROUTE_SEGMENTS.has(segment)
}

function isRegistrationPath(node: ts.Node): boolean {
  const call = node.parent
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    REGISTRATION_METHODS.has(call.expression.name.text)
  )
}

/** The hand-written app links in one source file's text. */
function handWrittenLinks(file: string, source: string): HandWrittenLink[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: HandWrittenLink[] = []
  const report = (node: ts.Node, text: string) =>
    found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1, text })

  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && looksLikeAppLink(node.text)) {
      const allowed = isRegistrationPath(node) || API_PATH_CONSTANTS.some((entry) => entry.file === file && entry.text === node.text)
      if (!allowed) report(node, node.text)
    } else if (ts.isTemplateExpression(node)) {
      if (looksLikeAppLink(node.head.text) && !isRegistrationPath(node)) report(node, node.head.text)
      for (const span of node.templateSpans) {
        // `${API_BASE}/billing/portal` is an API address.
        if (span.expression.getText(sourceFile) === 'API_BASE') continue
        if (looksLikeAppLink(span.literal.text)) report(span.literal, span.literal.text)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : serverSources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

describe('links the server writes come from the route registry (DESIGN.md §7)', () => {
  it('no server source writes an app link by hand', () => {
    const found = serverSources(SERVER_DIR).flatMap((path) => handWrittenLinks(relative(REPO_DIR, path).split('\\').join('/'), readFileSync(path, 'utf8')))
    expect(found, 'build these with linkTo from src/shared/routes').toEqual([])
  })

  it('recognises the shapes of a hand-written link, and leaves API paths and route registration alone', () => {
    const source = [
      "const a = { link: '/dashboard' }",
      'const b = (postId: string) => `/collaborate?postId=${postId}`',
      "const c = '/schedule?slotId=1'",
      'const d = (base: string, token: string) => `${base}/join?token=${token}`',
      "const e = '/academy/course/x/y'",
      "app.get('/team/image/:teamId', handler)",
      "const f = '/api/posts'",
      'const g = `${API_BASE}/billing/portal`',
      "const h = '/chat/completions'",
      "const i = '/teams'"
    ].join('\n')
    expect(handWrittenLinks('example.ts', source).map((link) => [link.line, link.text])).toEqual([
      [1, '/dashboard'],
      [2, '/collaborate?postId='],
      [3, '/schedule?slotId=1'],
      [4, '/join?token='],
      [5, '/academy/course/x/y']
    ])
  })
})
