import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { API_BASE, endpoints } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { ServerConfig } from '../config'
import { escapeHtml, htmlDocument, sendHtmlPage } from '../http/page'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'
import type { PortalView } from '../services/billing'

/**
 * The built-in portal's form posts. They come from a plain HTML page without the app's
 * X-Pagecrew-Client header; the signed token in the body is their credential, so app.ts exempts
 * them from the CSRF header check.
 */
export const BILLING_PORTAL_FORM_PATHS: ReadonlySet<string> = new Set([`${API_BASE}/billing/portal/cancel`, `${API_BASE}/billing/portal/resume`])

export function registerBillingRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { billing } = services

  route(app, services, endpoints.getEntitlements, async ({ organization }) => services.entitlements.list(organization().organization.id))

  // Any member may read the plan table and the overview; changing anything is for admins (the service checks).
  route(app, services, endpoints.getBillingPlans, async ({ organization }) => billing.plans(organization()))

  route(app, services, endpoints.getBillingOverview, async ({ organization }) => billing.overview(organization().organization.id))

  route(app, services, endpoints.checkout, async ({ organization, body, request }) =>
    billing.checkout(organization(), body, publicBaseUrl(config, request))
  )

  route(app, services, endpoints.manageSeats, async ({ organization, body }) => billing.manageSeats(organization(), body))

  route(app, services, endpoints.getCustomerPortalUrl, async ({ organization, request }) =>
    billing.customerPortalUrl(organization(), publicBaseUrl(config, request))
  )

  // The built-in customer portal: plain HTML outside the contract, authenticated by its token.
  app.register(async (portal) => {
    portal.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
    })

    portal.get('/billing/portal', async (request, reply) => {
      const token = (request.query as Record<string, unknown> | undefined)?.token
      const view = await billing.portal(token)
      if (!view) return sendPage(reply, 404, expiredPage())
      return sendPage(reply, 200, portalPage(view, String(token)))
    })

    for (const action of ['cancel', 'resume'] as const) {
      portal.post(`/billing/portal/${action}`, async (request, reply) => {
        const token = (request.body as Record<string, unknown> | undefined)?.token
        const ok = action === 'cancel' ? await billing.portalCancel(token) : await billing.portalResume(token)
        if (!ok) return sendPage(reply, 404, expiredPage())
        // Back to the page (relative: works under any base path); 303 turns the POST into a GET.
        return reply.redirect(`../portal?token=${encodeURIComponent(String(token))}`, 303)
      })
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The portal page: no scripts, one hashed style sheet, forms only to this origin.
// ---------------------------------------------------------------------------------------------

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f5f5;color:#242424}
main{max-width:760px;margin:40px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 12px}
.org{color:#616161;margin:0 0 24px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 24px;margin:0}dt{color:#616161}dd{margin:0}
.notice{margin:20px 0;padding:12px 16px;border-radius:4px;background:#fff4ce}
table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:8px;border-bottom:1px solid #e0e0e0}
td.num,th.num{text-align:right}
button{font:inherit;padding:8px 16px;border-radius:4px;border:1px solid #d1d1d1;background:#fff;cursor:pointer}
button.primary{background:#0f6cbd;color:#fff;border-color:#0f6cbd}
form{margin-top:20px}.muted{color:#616161}
`.trim()

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** Nothing but the hashed style sheet; forms may only post back here; never framed. */
export const PORTAL_CSP = [
  `default-src 'none'`,
  `style-src 'sha256-${STYLE_HASH}'`,
  `img-src 'none'`,
  `form-action 'self'`,
  `base-uri 'none'`,
  `frame-ancestors 'none'`
].join('; ')


const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const formatDate = (date: Date | string | null) => (date ? dateFormat.format(new Date(date)) : '—')
const formatAmount = (amount: number) => amount.toFixed(2)

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  on_trial: 'Free trial',
  active: 'Active',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  paused: 'Paused',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  expired: 'Expired'
}

const layout = (title: string, body: string) => htmlDocument({ title, style: STYLE, body })

// The token is in the address: never send it on (sendHtmlPage sends no referrer).
const sendPage = (reply: FastifyReply, status: number, html: string) => sendHtmlPage(reply, status, html, PORTAL_CSP)

function expiredPage(): string {
  return layout('Billing link expired — Pagecrew', `<h1>Billing</h1>\n<p>${escapeHtml(MESSAGES.billingLinkExpired)}</p>`)
}

function portalPage(view: PortalView, token: string): string {
  const status = view.expired ? 'Expired' : (STATUS_LABELS[view.status] ?? view.status)
  const rows: [string, string][] = [
    ['Plan', view.productName ?? 'No plan'],
    ['Status', status],
    ['Seats', `${view.usersCount} used of ${view.availableSeats}`]
  ]
  if (view.trialEndsAt && (view.status === 'trialing' || view.status === 'on_trial')) rows.push(['Trial ends', formatDate(view.trialEndsAt)])
  if (view.currentPeriodEnd) rows.push([view.cancelAtPeriodEnd || view.expired ? 'Period ends' : 'Renews on', formatDate(view.currentPeriodEnd)])
  if (view.endsAt) rows.push(['Ends', formatDate(view.endsAt)])

  const notice = view.cancelAtPeriodEnd && !view.expired
    ? `<p class="notice">Your subscription is cancelled and ends on ${escapeHtml(formatDate(view.endsAt ?? view.currentPeriodEnd))}. Resume it to keep your plan.</p>`
    : view.expired
      ? `<p class="notice">${escapeHtml(MESSAGES.subscriptionExpired)}</p>`
      : ''

  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">`
  const actions = [
    view.canCancel
      ? `<form method="post" action="portal/cancel">${hidden}<button type="submit">Cancel at the end of the period</button></form>`
      : '',
    view.canResume ? `<form method="post" action="portal/resume">${hidden}<button class="primary" type="submit">Resume subscription</button></form>` : ''
  ].join('')

  const invoiceRows = view.invoices
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.number)}</td><td>${escapeHtml(formatDate(i.createdAt))}</td><td>${escapeHtml(i.description)}</td>` +
        `<td class="num">${escapeHtml(i.quantity)}</td><td class="num">${escapeHtml(formatAmount(i.unitAmount))}</td>` +
        `<td class="num">${escapeHtml(formatAmount(i.amount))}</td><td>${escapeHtml(i.status === 'paid' ? 'Paid' : i.status === 'open' ? 'Open' : 'Void')}</td></tr>`
    )
    .join('\n')
  const invoices = view.invoices.length
    ? `<table>\n<thead><tr><th>Number</th><th>Date</th><th>Description</th><th class="num">Qty</th><th class="num">Unit</th><th class="num">Amount</th><th>Status</th></tr></thead>\n<tbody>\n${invoiceRows}\n</tbody>\n</table>`
    : `<p class="muted">No invoices yet.</p>`

  return layout(
    `Billing — ${view.organizationName}`,
    `<h1>Billing</h1>
<p class="org">${escapeHtml(view.organizationName)}</p>
<dl>
${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}
</dl>
${notice}
${actions}
<h2>Invoices</h2>
${invoices}
<p class="muted">This page works for an hour. Close it and return to Pagecrew when you are done.</p>`
  )
}
