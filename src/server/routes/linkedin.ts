import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { API_BASE, endpoints, SESSION_COOKIE } from '../../shared/api/contract'
import { POLL_DURATION_DEFAULT } from '../../shared/constants'
import {
  SANDBOX_AUTHORIZE_PATH,
  SANDBOX_POSTS_PATH,
  SandboxAuthorizeError,
  type LinkedInSandbox,
  type SandboxAuthorizeParams,
  type SandboxPost
} from '../adapters/linkedin/sandbox'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'
import { escapeHtml, htmlDocument, sendHtmlPage } from '../http/page'

/**
 * The sandbox sign-in page's form post. Like LinkedIn's own consent page it has no Pagecrew
 * session and no X-Pagecrew-Client header: the member opens it in the system browser. What it
 * issues is only useful with the PKCE verifier the server keeps, so app.ts exempts it from the
 * CSRF header check.
 */
export const LINKEDIN_SANDBOX_FORM_PATHS: ReadonlySet<string> = new Set([SANDBOX_AUTHORIZE_PATH])

const ROUTE_PREFIX_LENGTH = API_BASE.length

export function registerLinkedInRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { linkedIn } = services

  // The connection is the member's own, in every organization (and during onboarding): a session is enough.
  route(app, services, endpoints.getLinkedInConnection, async ({ session }) => linkedIn.connection(session().userId))

  route(app, services, endpoints.startLinkedInConnection, async ({ session, body, request }) =>
    linkedIn.start(session(), body, publicBaseUrl(config, request))
  )

  route(app, services, endpoints.completeLinkedInConnection, async ({ session, body }) => linkedIn.complete(session(), body))

  route(app, services, endpoints.disconnectLinkedIn, async ({ session }) => linkedIn.disconnect(session().userId))

  const sandbox = linkedIn.sandbox
  if (sandbox) app.register(async (pages) => registerSandboxPages(pages, services, sandbox))
}

/** The built-in sandbox's pages: plain HTML outside the contract, like LinkedIn's own. */
function registerSandboxPages(app: FastifyInstance, services: Services, sandbox: LinkedInSandbox): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
  })

  const authorizePath = SANDBOX_AUTHORIZE_PATH.slice(ROUTE_PREFIX_LENGTH)
  const postsPath = SANDBOX_POSTS_PATH.slice(ROUTE_PREFIX_LENGTH)

  app.get(authorizePath, async (request, reply) => {
    try {
      const consent = sandbox.consent((request.query ?? {}) as Record<string, unknown>)
      return sendPage(reply, 200, consentPage(consent.memberName, consent.params), formTarget(consent.params.redirect_uri))
    } catch (err) {
      if (err instanceof SandboxAuthorizeError) return sendPage(reply, 400, errorPage(err.message))
      throw err
    }
  })

  app.post(authorizePath, async (request, reply) => {
    try {
      const location = sandbox.decide((request.body ?? {}) as Record<string, unknown>)
      return reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store').redirect(location, 303)
    } catch (err) {
      if (err instanceof SandboxAuthorizeError) return sendPage(reply, 400, errorPage(err.message))
      throw err
    }
  })

  app.get(postsPath, async (request, reply) => {
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
    if (!session) return sendPage(reply, 401, errorPage('Sign in to Pagecrew in this browser to see the posts the sandbox received for you.'))
    const posts = await services.linkedIn.sandboxPosts(session)
    return sendPage(reply, 200, postsPage(posts))
  })

  // One post is public by its (unguessable) urn, like a public post on LinkedIn: the link works in any browser.
  app.get(`${postsPath}/:urn`, async (request, reply) => {
    const post = sandbox.post((request.params as { urn: string }).urn)
    if (!post) return sendPage(reply, 404, errorPage('The sandbox has no such post. It keeps posts only until the server restarts.'))
    return sendPage(reply, 200, postsPage([post], true))
  })
}

// ---------------------------------------------------------------------------------------------
// Pages: no scripts, one hashed style sheet, forms only to this origin (and the answer's redirect).
// ---------------------------------------------------------------------------------------------

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f2ee;color:#191919}
header{background:#0a66c2;color:#fff;padding:12px 24px;font-weight:600}
main{max-width:640px;margin:32px auto;padding:28px 32px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:22px;margin:0 0 12px}
ul.scopes{padding-left:20px}
.actions{display:flex;gap:12px;margin-top:24px}
button{font:inherit;font-weight:600;padding:8px 20px;border-radius:20px;border:1px solid #0a66c2;background:#fff;color:#0a66c2;cursor:pointer}
button.primary{background:#0a66c2;color:#fff}
.muted{color:#666;font-size:14px}
article{border-top:1px solid #e0e0e0;padding:16px 0}
article p.text{white-space:pre-wrap}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:8px 0;font-size:14px}dt{color:#666}dd{margin:0;word-break:break-all}
`.trim()

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** Where the consent form's answer may go: this origin, and the redirect it sends the member to. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol
}

function pageCsp(formTargetSource: string | null): string {
  return [
    `default-src 'none'`,
    `style-src 'sha256-${STYLE_HASH}'`,
    `img-src 'none'`,
    `form-action 'self'${formTargetSource ? ` ${formTargetSource}` : ''}`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`
  ].join('; ')
}

const layout = (title: string, body: string) => htmlDocument({ title, style: STYLE, body, header: 'LinkedIn sandbox' })

// The sign-in request (state, challenge) is in the address: never send it on (sendHtmlPage sends no referrer).
const sendPage = (reply: FastifyReply, status: number, html: string, formTargetSource: string | null = null) =>
  sendHtmlPage(reply, status, html, pageCsp(formTargetSource))

const SCOPE_LABELS: Record<string, string> = {
  openid: 'Use your name to connect your account',
  profile: 'Use your name and photo',
  w_member_social: 'Create posts on your behalf',
  w_organization_social: 'Create posts for the pages you manage'
}

function consentPage(memberName: string, params: SandboxAuthorizeParams): string {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
  const scopes = params.scope
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</li>`)
    .join('')
  return layout(
    'LinkedIn sandbox — Pagecrew wants to publish posts for you',
    `<h1>Pagecrew wants to publish posts for you</h1>
<p>Signed in to the sandbox as <strong>${escapeHtml(memberName)}</strong>.</p>
<p>Pagecrew will be able to:</p>
<ul class="scopes">${scopes}</ul>
<form method="post" action="authorize" aria-label="Allow Pagecrew to publish posts for you">
${hidden}
<div class="actions">
<button class="primary" type="submit" name="decision" value="allow" aria-label="Allow Pagecrew to publish posts for you">Allow</button>
<button type="submit" name="decision" value="cancel" aria-label="Cancel and do not connect Pagecrew">Cancel</button>
</div>
</form>
<p class="muted">This is Pagecrew’s built-in LinkedIn sandbox: nothing is sent to LinkedIn.</p>`
  )
}

function errorPage(message: string): string {
  return layout('LinkedIn sandbox', `<h1>LinkedIn sandbox</h1>\n<p role="alert">${escapeHtml(message)}</p>`)
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

function postsPage(posts: readonly SandboxPost[], single = false): string {
  const articles = [...posts]
    .reverse()
    .map((post) => {
      const author = post.author.kind === 'person' ? `Member ${post.author.id}` : `Business page ${post.author.id}`
      const poll = post.poll
        ? `<dt>Poll</dt><dd>${escapeHtml(post.poll.question)}: ${post.poll.options.map((o) => escapeHtml(o)).join(' · ')} (${escapeHtml(post.poll.durationDays ?? POLL_DURATION_DEFAULT)} days)</dd>`
        : ''
      const media = post.media.length
        ? `<dt>Media</dt><dd>${post.media.map((m) => `${escapeHtml(m.fileName)} (${escapeHtml(m.kind)}, ${escapeHtml(m.size.toLocaleString('en-US'))} bytes)`).join('<br>')}</dd>`
        : ''
      const reshare = post.reshareOf ? `<dt>Reshare</dt><dd>reshared ${escapeHtml(post.reshareOf)}</dd>` : ''
      return `<article>
<dl><dt>Author</dt><dd>${escapeHtml(author)}</dd><dt>Published</dt><dd>${escapeHtml(timeFormat.format(post.publishedAt))} UTC</dd>${poll}${media}${reshare}<dt>Post</dt><dd>${escapeHtml(post.urn)}</dd></dl>
<p class="text">${escapeHtml(post.text)}</p>
</article>`
    })
    .join('\n')
  const heading = single ? 'Post' : 'Posts the sandbox received'
  const empty = posts.length === 0 ? '<p class="muted">No posts yet. Posts you publish while Pagecrew uses the sandbox appear here.</p>' : ''
  return layout(`LinkedIn sandbox — ${heading}`, `<h1>${heading}</h1>\n${empty}${articles}\n<p class="muted">The sandbox keeps posts until the server restarts.</p>`)
}
