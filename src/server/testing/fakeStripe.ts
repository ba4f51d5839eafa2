/**
 * A local HTTP server that speaks the part of Stripe's REST API Pagecrew uses (DESIGN.md §4: real
 * integrations that cannot be reached from here are tested against a local server speaking their
 * documented protocol). Test support only; nothing in the product imports it.
 *
 * Protocol, as documented at docs.stripe.com/api:
 * - Bearer authentication with the secret key; a wrong or missing key is a 401 with
 *   `{"error": {"type": "invalid_request_error", "message": …}}`;
 * - request parameters form-encoded (POST bodies, GET query strings) with nested keys
 *   (`line_items[0][price]`, `items[0][id]`, `lookup_keys[]` / `lookup_keys[0]`, `metadata[k]`);
 * - JSON answers: objects with `id` + `object`, lists as `{object: 'list', data, has_more, url}`,
 *   errors as `{error: {type, message, param?, code?}}` with 400/401/404;
 * - webhook events `{id: 'evt_…', object: 'event', type, created, data: {object, previous_attributes?}}`
 *   POSTed as JSON with a `Stripe-Signature: t=…,v1=…` header (HMAC-SHA256 of `t.payload`).
 *
 * Endpoints: GET /v1/prices, GET /v1/prices/:id, POST /v1/customers, GET /v1/customers/:id,
 * POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, GET/POST/DELETE /v1/subscriptions/:id,
 * POST /v1/billing_portal/sessions. Plus two browser pages that stand in for Stripe's hosted ones:
 * GET /c/pay/:sessionId (Checkout: a Pay button that completes the session and redirects to its
 * success_url) and GET /p/session/:id (the customer portal: a link back to return_url).
 *
 * Events caused by API calls (a subscription update) are delivered after the answer, in order,
 * like Stripe's asynchronous webhooks; `idle()` waits for them. The test helpers (completeCheckout,
 * setQuantity, cancel, payInvoice, emit) deliver their events before they resolve.
 */
import { randomBytes } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import Stripe from 'stripe'
import { PLANS } from '../../shared/constants'

interface FakeStripeOptions {
  secretKey?: string
  webhookSecret?: string
  /** Where events are POSTed (e.g. http://127.0.0.1:PORT/api/billing/webhooks/stripe); none: events are only recorded. */
  webhookUrl?: string | null
  /** Stripe's clock (event.created, periods); defaults to the system clock. */
  now?: () => Date
}

type Json = Record<string, unknown>
type Metadata = Record<string, string>

interface FakePrice {
  id: string
  object: 'price'
  active: boolean
  billing_scheme: 'per_unit'
  created: number
  currency: string
  livemode: false
  lookup_key: string | null
  metadata: Metadata
  nickname: string | null
  product: string
  recurring: { interval: 'month' | 'year'; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' }
  tax_behavior: 'unspecified'
  tiers_mode: null
  transform_quantity: null
  type: 'recurring'
  unit_amount: number
  unit_amount_decimal: string
}

interface FakeCustomer {
  id: string
  object: 'customer'
  created: number
  email: string | null
  name: string | null
  metadata: Metadata
  livemode: false
}

interface FakeCheckoutSession {
  id: string
  object: 'checkout.session'
  cancel_url: string | null
  client_reference_id: string | null
  created: number
  currency: string
  customer: string | null
  customer_email: string | null
  expires_at: number
  livemode: false
  metadata: Metadata
  mode: 'subscription' | 'payment' | 'setup'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  subscription: string | null
  success_url: string | null
  url: string | null
}

interface FakeSubscriptionItem {
  id: string
  object: 'subscription_item'
  created: number
  current_period_start: number
  current_period_end: number
  metadata: Metadata
  price: FakePrice
  quantity: number
  subscription: string
}

export interface FakeSubscription {
  id: string
  object: 'subscription'
  billing_cycle_anchor: number
  cancel_at: number | null
  cancel_at_period_end: boolean
  canceled_at: number | null
  collection_method: 'charge_automatically'
  created: number
  currency: string
  customer: string
  ended_at: number | null
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; total_count: number; url: string }
  latest_invoice: string | null
  livemode: false
  metadata: Metadata
  start_date: number
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused'
  trial_end: number | null
  trial_start: number | null
}

interface FakeInvoiceLine {
  id: string
  object: 'line_item'
  amount: number
  currency: string
  description: string
  livemode: false
  metadata: Metadata
  parent: Json
  period: { start: number; end: number }
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string }
  quantity: number
}

interface FakeInvoice {
  id: string
  object: 'invoice'
  amount_due: number
  amount_paid: number
  amount_remaining: number
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update'
  collection_method: 'charge_automatically'
  created: number
  currency: string
  customer: string
  hosted_invoice_url: string
  invoice_pdf: string
  lines: { object: 'list'; data: FakeInvoiceLine[]; has_more: false; url: string }
  livemode: false
  metadata: Metadata
  number: string
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } }
  period_end: number
  period_start: number
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  subtotal: number
  total: number
}

interface FakePortalSession {
  id: string
  object: 'billing_portal.session'
  configuration: string
  created: number
  customer: string
  flow: null
  livemode: false
  locale: null
  on_behalf_of: null
  return_url: string | null
  url: string
}

interface FakeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: Json; previous_attributes?: Json }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}

interface Delivery {
  eventId: string
  type: string
  /** The webhook endpoint's HTTP status (0: not reachable). */
  status: number
  body: string
}

interface FakeStripeState {
  prices: FakePrice[]
  customers: Map<string, FakeCustomer>
  checkoutSessions: Map<string, FakeCheckoutSession>
  subscriptions: Map<string, FakeSubscription>
  invoices: Map<string, FakeInvoice>
  portalSessions: FakePortalSession[]
  /** Every event created, oldest first. */
  events: FakeEvent[]
  /** Every webhook delivery attempt, oldest first. */
  deliveries: Delivery[]
  /** Every authenticated API request: method, path (no query) and decoded parameters. */
  requests: { method: string; path: string; params: Json }[]
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:40123 — StripeConfig.apiBase */
  url: string
  secretKey: string
  webhookSecret: string
  state: FakeStripeState
  webhookUrl: string | null
  setWebhookUrl(url: string | null): void
  /** Pays an open Checkout Session: customer (if none), an active subscription and its first paid invoice; delivers checkout.session.completed, customer.subscription.created and invoice.paid. */
  completeCheckout(sessionId: string): Promise<{ subscriptionId: string; customerId: string; invoiceId: string; deliveries: Delivery[] }>
  /** Changes the quantity of the subscription's item (as the customer portal would); delivers customer.subscription.updated. */
  setQuantity(subscriptionId: string, quantity: number): Promise<Delivery[]>
  /** Cancels now (customer.subscription.deleted) or at the period end (customer.subscription.updated). */
  cancel(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<Delivery[]>
  /** Bills the current period: a new paid invoice; delivers invoice.paid. */
  payInvoice(subscriptionId: string): Promise<{ invoiceId: string; deliveries: Delivery[] }>
  /** Creates (and delivers) an event of any type around a snapshot of `object`. */
  emit(type: string, object: object, options?: { created?: number; previousAttributes?: Json; deliver?: boolean }): Promise<{ event: FakeEvent; delivery: Delivery | null }>
  /** Delivers an event again, exactly as before (Stripe retries and replays). */
  redeliver(eventId: string): Promise<Delivery>
  /** A Stripe-Signature header for `payload`, signed with the webhook secret (or `secret`). */
  signature(payload: string, options?: { secret?: string; timestamp?: number }): string
  /** Resolves when every queued delivery has been attempted. */
  idle(): Promise<void>
  close(): Promise<void>
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const newId = (prefix: string) => {
  let id = `${prefix}_`
  for (const byte of randomBytes(24)) id += ID_ALPHABET[byte % ID_ALPHABET.length]
  return id
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { param?: string; code?: string; type?: string } = {}
  ) {
    super(message)
  }
}

const missing = (param: string) =>
  new StripeHttpError(400, `Missing required param: ${param}.`, { param, code: 'parameter_missing' })
const noSuch = (kind: string, id: string, param?: string, status = 400) =>
  new StripeHttpError(status, `No such ${kind}: '${id}'`, { param, code: 'resource_missing' })
const invalid = (param: string, message: string) => new StripeHttpError(400, message, { param, code: 'parameter_invalid_integer' })

/**
 * Decodes application/x-www-form-urlencoded with bracketed keys the way Stripe reads them:
 * `a[b][0][c]=1` → {a: {b: [{c: '1'}]}}, `a[]=x&a[]=y` → {a: ['x', 'y']}.
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {}
  if (!text) return root
  for (const pair of text.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq))
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1))
    const head = /^[^[]+/.exec(rawKey)?.[0]
    if (!head) continue
    const path = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)]
    let node: Json = root
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!
      const last = i === path.length - 1
      // `a[]` appends: the next free numeric index.
      const resolved = key === '' ? String(Object.keys(node).length) : key
      if (last) node[resolved] = value
      else {
        const child = node[resolved]
        node = (node[resolved] = child && typeof child === 'object' ? child : {}) as Json
      }
    }
  }
  return arrayify(root) as Json
}

/** Objects whose keys are exactly 0..n-1 become arrays (in index order). */
function arrayify(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  const obj = value as Json
  const keys = Object.keys(obj)
  for (const k of keys) obj[k] = arrayify(obj[k])
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    const sorted = keys.map(Number).sort((a, b) => a - b)
    if (sorted.every((n, i) => n === i)) return sorted.map((n) => obj[String(n)])
  }
  return obj
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v === undefined ? [] : [v])
const asMetadata = (v: unknown): Metadata => {
  const out: Metadata = {}
  if (v && typeof v === 'object') for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val
  return out
}
function asQuantity(v: unknown, param: string): number | undefined {
  if (v === undefined) return undefined
  const s = String(v)
  if (!/^\d+$/.test(s)) throw invalid(param, `Invalid integer: ${s}`)
  return Number(s)
}
function asBoolean(v: unknown, param: string): boolean | undefined {
  if (v === undefined) return undefined
  if (v === 'true') return true
  if (v === 'false') return false
  throw new StripeHttpError(400, `Invalid boolean: ${String(v)}`, { param, code: 'parameter_invalid_boolean' })
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000)
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1)
  else d.setUTCMonth(d.getUTCMonth() + 1)
  return Math.floor(d.getTime() / 1000)
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000)
  let webhookUrl = options.webhookUrl ?? null
  let baseUrl = ''
  let invoiceCounter = 0
  let deliveryQueue: Promise<unknown> = Promise.resolve()

  const state: FakeStripeState = {
    prices: [],
    customers: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    portalSessions: [],
    events: [],
    deliveries: [],
    requests: []
  }
  /** What Stripe keeps about a Checkout Session but does not return by default. */
  const sessionDetails = new Map<string, { lineItems: { price: FakePrice; quantity: number }[]; subscriptionMetadata: Metadata }>()
  const productNames = new Map<string, string>()

  // One product per plan, one recurring price per variant that has a price (Enterprise has none).
  const created = nowSeconds()
  for (const plan of PLANS) {
    const product = newId('prod')
    productNames.set(product, plan.name)
    for (const variant of plan.variants) {
      if (variant.price === null) continue
      const amount = variant.price * 100
      state.prices.push({
        id: newId('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'usd',
        livemode: false,
        lookup_key: variant.priceId,
        metadata: {},
        nickname: `${plan.name} (${variant.name})`,
        product,
        recurring: { interval: variant.name === 'yearly' ? 'year' : 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: amount,
        unit_amount_decimal: String(amount)
      })
    }
  }

  const findPrice = (id: string, param: string) => {
    const price = state.prices.find((p) => p.id === id)
    if (!price) throw noSuch('price', id, param)
    return price
  }
  const getSubscription = (id: string, status = 404) => {
    const sub = state.subscriptions.get(id)
    if (!sub) throw noSuch('subscription', id, 'id', status)
    return sub
  }

  // --- events and webhook delivery -----------------------------------------------------------

  function createEvent(type: string, object: object, extra: { created?: number; previousAttributes?: Json; requestId?: string | null } = {}): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: extra.created ?? nowSeconds(),
      data: { object: clone(object) as Json, ...(extra.previousAttributes ? { previous_attributes: clone(extra.previousAttributes) } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: extra.requestId ?? null, idempotency_key: null },
      type
    }
    state.events.push(event)
    return event
  }

  function signature(payload: string, opts: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp })
  }

  function post(target: string, payload: string, header: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve) => {
      const url = new URL(target)
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest
      const req = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(payload),
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'
          },
          timeout: 10_000
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
          res.on('error', () => resolve({ status: 0, body: '' }))
        }
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', (err) => resolve({ status: 0, body: err.message }))
      req.end(payload)
    })
  }

  /** Queues one delivery behind every earlier one (Stripe delivers one endpoint's events roughly in order). */
  function deliver(event: FakeEvent): Promise<Delivery | null> {
    const run = async (): Promise<Delivery | null> => {
      if (!webhookUrl) return null
      const payload = JSON.stringify(event, null, 2)
      const result = await post(webhookUrl, payload, signature(payload))
      const delivery: Delivery = { eventId: event.id, type: event.type, status: result.status, body: result.body }
      state.deliveries.push(delivery)
      return delivery
    }
    const next = deliveryQueue.then(run, run)
    deliveryQueue = next.catch(() => undefined)
    return next
  }

  async function deliverAll(events: FakeEvent[]): Promise<Delivery[]> {
    const results: Delivery[] = []
    for (const event of events) {
      const d = await deliver(event)
      if (d) results.push(d)
    }
    return results
  }

  // --- objects -------------------------------------------------------------------------------

  function createCustomer(params: { email?: string | null; name?: string | null; metadata?: Metadata }): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      livemode: false
    }
    state.customers.set(customer.id, customer)
    return customer
  }

  function createInvoice(sub: FakeSubscription, reason: FakeInvoice['billing_reason']): FakeInvoice {
    const item = sub.items.data[0]!
    const id = newId('in')
    const amount = item.price.unit_amount * item.quantity
    const interval = item.price.recurring.interval === 'year' ? 'year' : 'month'
    const unit = (item.price.unit_amount / 100).toFixed(2)
    const line: FakeInvoiceLine = {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: item.price.currency,
      description: `${item.quantity} × ${productNames.get(item.price.product) ?? 'Seat'} (at $${unit} / ${interval})`,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, proration: false, proration_details: null, subscription: sub.id, subscription_item: item.id }
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
      quantity: item.quantity
    }
    invoiceCounter += 1
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      amount_due: amount,
      amount_paid: amount,
      amount_remaining: 0,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: nowSeconds(),
      currency: item.price.currency,
      customer: sub.customer,
      hosted_invoice_url: `${baseUrl}/i/${id}`,
      invoice_pdf: `${baseUrl}/i/${id}/pdf`,
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      number: `FAKE-${String(invoiceCounter).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id } },
      period_end: item.current_period_start,
      period_start: item.current_period_start,
      status: 'paid',
      subtotal: amount,
      total: amount
    }
    state.invoices.set(id, invoice)
    sub.latest_invoice = id
    return invoice
  }

  function createCheckoutSession(params: Json): FakeCheckoutSession {
    const mode = asString(params.mode)
    if (!mode) throw missing('mode')
    if (mode !== 'subscription' && mode !== 'payment' && mode !== 'setup') {
      throw new StripeHttpError(400, `Invalid mode: must be one of payment, setup, or subscription`, { param: 'mode' })
    }
    const customer = asString(params.customer) ?? null
    const customerEmail = asString(params.customer_email) ?? null
    if (customer && customerEmail) {
      throw new StripeHttpError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' })
    }
    if (customer && !state.customers.has(customer)) throw noSuch('customer', customer, 'customer')
    const rawItems = asArray(params.line_items)
    if (mode !== 'setup' && rawItems.length === 0) throw missing('line_items')
    const lineItems = rawItems.map((raw, i) => {
      const item = (raw ?? {}) as Json
      const priceId = asString(item.price)
      if (!priceId) throw missing(`line_items[${i}][price]`)
      const price = findPrice(priceId, `line_items[${i}][price]`)
      const quantity = asQuantity(item.quantity, `line_items[${i}][quantity]`) ?? 1
      if (quantity < 1) throw invalid(`line_items[${i}][quantity]`, 'Quantity must be at least 1.')
      if (mode === 'subscription' && price.type !== 'recurring') {
        throw new StripeHttpError(400, 'You must provide at least one recurring price in `subscription` mode.', { param: 'line_items' })
      }
      return { price, quantity }
    })
    const successUrl = asString(params.success_url) ?? null
    if (!successUrl) throw missing('success_url')
    const subscriptionData = (params.subscription_data ?? {}) as Json
    const id = newId('cs_test')
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      cancel_url: asString(params.cancel_url) ?? null,
      client_reference_id: asString(params.client_reference_id) ?? null,
      created: nowSeconds(),
      currency: lineItems[0]?.price.currency ?? 'usd',
      customer,
      customer_email: customerEmail,
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      metadata: asMetadata(params.metadata),
      mode,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`
    }
    state.checkoutSessions.set(id, session)
    sessionDetails.set(id, { lineItems, subscriptionMetadata: asMetadata(subscriptionData.metadata) })
    return session
  }

  function updateSubscription(sub: FakeSubscription, params: Json): Json {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      const allowed = new Set(['metadata', 'cancellation_details', 'expand'])
      if (Object.keys(params).some((k) => !allowed.has(k))) {
        throw new StripeHttpError(400, 'A canceled subscription can only update its cancellation_details and metadata.')
      }
    }
    const behavior = asString(params.proration_behavior)
    if (behavior !== undefined && !['create_prorations', 'none', 'always_invoice'].includes(behavior)) {
      throw new StripeHttpError(400, `Invalid proration_behavior: must be one of always_invoice, create_prorations, or none`, { param: 'proration_behavior' })
    }
    const previous: Json = {}
    const before = clone(sub)
    const items = asArray(params.items)
    items.forEach((raw, i) => {
      const change = (raw ?? {}) as Json
      const itemId = asString(change.id)
      const item = itemId ? sub.items.data.find((it) => it.id === itemId) : undefined
      if (itemId && !item) throw noSuch('subscription item', itemId, `items[${i}][id]`)
      if (!item) throw new StripeHttpError(400, 'Adding items to a subscription is not supported by this test server.', { param: `items[${i}]` })
      const priceId = asString(change.price)
      if (priceId) item.price = findPrice(priceId, `items[${i}][price]`)
      const quantity = asQuantity(change.quantity, `items[${i}][quantity]`)
      if (quantity !== undefined) item.quantity = quantity
    })
    const cancelAtPeriodEnd = asBoolean(params.cancel_at_period_end, 'cancel_at_period_end')
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd
      sub.cancel_at = cancelAtPeriodEnd ? sub.items.data[0]!.current_period_end : null
      sub.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null
    }
    if (params.metadata && typeof params.metadata === 'object') {
      for (const [k, v] of Object.entries(params.metadata as Json)) {
        if (v === '') delete sub.metadata[k]
        else if (typeof v === 'string') sub.metadata[k] = v
      }
    }
    for (const key of ['items', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'metadata'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key]
    }
    return previous
  }

  // --- HTTP ------------------------------------------------------------------------------------

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body, null, 2)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
      // Stripe's clock, as the real API's Date header is.
      date: new Date(nowSeconds() * 1000).toUTCString(),
      ...headers
    })
    res.end(text)
  }
  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url })

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  function authenticate(req: IncomingMessage): void {
    const header = req.headers.authorization ?? ''
    const match = /^Bearer (.+)$/.exec(header)
    if (!match) {
      throw new StripeHttpError(
        401,
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').'
      )
    }
    if (match[1] !== secretKey) {
      const key = match[1]!
      throw new StripeHttpError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`)
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
    authenticate(req)
    const method = req.method ?? 'GET'
    const body = method === 'GET' || method === 'DELETE' ? query : await readBody(req)
    const params = parseStripeForm(body)
    state.requests.push({ method, path, params })
    const afterAnswer: FakeEvent[] = []
    const segments = path.split('/').filter(Boolean).slice(1) // drop 'v1'
    const [a, b, c] = segments

    const answer = (status: number, value: unknown) => {
      send(res, status, value)
      // Webhooks of API changes go out after the answer, like Stripe's.
      if (afterAnswer.length > 0) setImmediate(() => void deliverAll(afterAnswer))
    }

    if (a === 'prices' && method === 'GET' && !b) {
      const keys = asArray(params.lookup_keys).map(String)
      const active = asBoolean(params.active, 'active')
      const limit = asQuantity(params.limit, 'limit') ?? 10
      const data = state.prices.filter((p) => (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) && (active === undefined || p.active === active))
      return answer(200, list(data.slice(0, limit), '/v1/prices'))
    }
    if (a === 'prices' && method === 'GET' && b && !c) {
      const price = state.prices.find((p) => p.id === b)
      if (!price) throw noSuch('price', b, 'id', 404)
      return answer(200, price)
    }
    if (a === 'customers' && method === 'POST' && !b) {
      return answer(200, createCustomer({ email: asString(params.email), name: asString(params.name), metadata: asMetadata(params.metadata) }))
    }
    if (a === 'customers' && method === 'GET' && b && !c) {
      const customer = state.customers.get(b)
      if (!customer) throw noSuch('customer', b, 'id', 404)
      return answer(200, customer)
    }
    if (a === 'checkout' && b === 'sessions' && method === 'POST' && !c) {
      return answer(200, createCheckoutSession(params))
    }
    if (a === 'checkout' && b === 'sessions' && method === 'GET' && c) {
      const session = state.checkoutSessions.get(c)
      if (!session) throw noSuch('checkout.session', c, 'session', 404)
      return answer(200, session)
    }
    if (a === 'subscriptions' && b && !c) {
      const sub = getSubscription(b)
      if (method === 'GET') return answer(200, sub)
      if (method === 'POST') {
        const previous = updateSubscription(sub, params)
        if (Object.keys(previous).length > 0) afterAnswer.push(createEvent('customer.subscription.updated', sub, { previousAttributes: previous, requestId: newId('req') }))
        return answer(200, sub)
      }
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw new StripeHttpError(400, `No such subscription: '${sub.id}'`, { code: 'resource_missing' })
        cancelNow(sub)
        afterAnswer.push(createEvent('customer.subscription.deleted', sub, { requestId: newId('req') }))
        return answer(200, sub)
      }
    }
    if (a === 'billing_portal' && b === 'sessions' && method === 'POST' && !c) {
      const customer = asString(params.customer)
      if (!customer) throw missing('customer')
      if (!state.customers.has(customer)) throw noSuch('customer', customer, 'customer')
      const id = newId('bps')
      const portal: FakePortalSession = {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_fake',
        created: nowSeconds(),
        customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: asString(params.return_url) ?? null,
        url: `${baseUrl}/p/session/${id}`
      }
      state.portalSessions.push(portal)
      return answer(200, portal)
    }
    throw new StripeHttpError(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`)
  }

  /** The hosted pages a browser sees (stand-ins for checkout.stripe.com and billing.stripe.com). */
  async function handlePage(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Stripe (test server)</title></head><body>${body}</body></html>`)
    }
    const pay = /^\/c\/pay\/([^/]+)(\/complete)?$/.exec(path)
    if (pay) {
      const session = state.checkoutSessions.get(pay[1]!)
      if (!session) return (html(404, '<p>This checkout session does not exist.</p>'), true)
      if (req.method === 'POST' && pay[2]) {
        if (session.status === 'open') await completeCheckout(session.id)
        res.writeHead(303, { location: session.success_url ?? '/' })
        res.end()
        return true
      }
      const details = sessionDetails.get(session.id)
      const lines = (details?.lineItems ?? [])
        .map((l) => `<li>${l.quantity} × ${escapeHtml(productNames.get(l.price.product) ?? l.price.id)} (${escapeHtml(l.price.lookup_key ?? '')})</li>`)
        .join('')
      const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''
      html(
        200,
        `<h1>Test checkout</h1><ul>${lines}</ul><form method="post" action="/c/pay/${escapeHtml(session.id)}/complete"><button type="submit">Pay</button></form>${cancel}`
      )
      return true
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(path)
    if (portal) {
      const found = state.portalSessions.find((p) => p.id === portal[1])
      if (!found) return (html(404, '<p>This portal session does not exist.</p>'), true)
      html(200, `<h1>Test customer portal</h1>${found.return_url ? `<a href="${escapeHtml(found.return_url)}">Return</a>` : ''}`)
      return true
    }
    return false
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    void (async () => {
      try {
        if (url.pathname.startsWith('/v1/')) await handleApi(req, res, url.pathname, url.search.slice(1))
        else if (!(await handlePage(req, res, url.pathname))) send(res, 404, { error: { type: 'invalid_request_error', message: 'Not found.' } })
      } catch (err) {
        if (res.headersSent) return
        if (err instanceof StripeHttpError) {
          send(res, err.status, { error: { type: err.extra.type ?? 'invalid_request_error', message: err.message, ...(err.extra.param ? { param: err.extra.param } : {}), ...(err.extra.code ? { code: err.extra.code } : {}) } })
        } else {
          send(res, 500, { error: { type: 'api_error', message: err instanceof Error ? err.message : 'Internal error.' } })
        }
      }
    })()
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  function cancelNow(sub: FakeSubscription): void {
    const now = nowSeconds()
    sub.status = 'canceled'
    sub.canceled_at = now
    sub.ended_at = now
    sub.cancel_at = null
    sub.cancel_at_period_end = false
  }

  async function completeCheckout(sessionId: string) {
    const session = state.checkoutSessions.get(sessionId)
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`)
    if (session.status !== 'open') throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`)
    if (session.mode !== 'subscription') throw new Error('fake Stripe: only subscription-mode sessions can be completed')
    const details = sessionDetails.get(sessionId)!
    const customer = session.customer ? state.customers.get(session.customer)! : createCustomer({ email: session.customer_email })
    const now = nowSeconds()
    const subId = newId('sub')
    const sub: FakeSubscription = {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: now,
      currency: session.currency,
      customer: customer.id,
      ended_at: null,
      items: {
        object: 'list',
        data: details.lineItems.map((l) => ({
          id: newId('si'),
          object: 'subscription_item' as const,
          created: now,
          current_period_start: now,
          current_period_end: addInterval(now, l.price.recurring.interval),
          metadata: {},
          price: l.price,
          quantity: l.quantity,
          subscription: subId
        })),
        has_more: false,
        total_count: details.lineItems.length,
        url: `/v1/subscription_items?subscription=${subId}`
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...details.subscriptionMetadata },
      start_date: now,
      status: 'active',
      trial_end: null,
      trial_start: null
    }
    state.subscriptions.set(subId, sub)
    const invoice = createInvoice(sub, 'subscription_create')
    session.status = 'complete'
    session.payment_status = 'paid'
    session.customer = customer.id
    session.subscription = subId
    const events = [
      createEvent('checkout.session.completed', session),
      createEvent('customer.subscription.created', sub),
      createEvent('invoice.paid', invoice)
    ]
    return { subscriptionId: subId, customerId: customer.id, invoiceId: invoice.id, deliveries: await deliverAll(events) }
  }

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    state,
    get webhookUrl() {
      return webhookUrl
    },
    setWebhookUrl(url) {
      webhookUrl = url
    },
    completeCheckout,
    async setQuantity(subscriptionId, quantity) {
      const sub = getSubscription(subscriptionId)
      const previous = updateSubscription(sub, { items: [{ id: sub.items.data[0]!.id, quantity: String(quantity) }] })
      return deliverAll([createEvent('customer.subscription.updated', sub, { previousAttributes: previous })])
    },
    async cancel(subscriptionId, opts = {}) {
      const sub = getSubscription(subscriptionId)
      if (opts.atPeriodEnd) {
        const previous = updateSubscription(sub, { cancel_at_period_end: 'true' })
        return deliverAll([createEvent('customer.subscription.updated', sub, { previousAttributes: previous })])
      }
      cancelNow(sub)
      return deliverAll([createEvent('customer.subscription.deleted', sub)])
    },
    async payInvoice(subscriptionId) {
      const sub = getSubscription(subscriptionId)
      const invoice = createInvoice(sub, 'subscription_cycle')
      return { invoiceId: invoice.id, deliveries: await deliverAll([createEvent('invoice.paid', invoice)]) }
    },
    async emit(type, object, opts = {}) {
      const event = createEvent(type, object, { created: opts.created, previousAttributes: opts.previousAttributes })
      const delivery = opts.deliver === false ? null : await deliver(event)
      return { event, delivery }
    },
    async redeliver(eventId) {
      const event = state.events.find((e) => e.id === eventId)
      if (!event) throw new Error(`fake Stripe: no event ${eventId}`)
      const delivery = await deliver(event)
      if (!delivery) throw new Error('fake Stripe: no webhook URL to deliver to')
      return delivery
    },
    signature,
    async idle() {
      // Deliveries queued while waiting are waited for too.
      for (let seen: unknown = null; seen !== deliveryQueue; ) {
        seen = deliveryQueue
        await deliveryQueue
        await new Promise((r) => setImmediate(r))
      }
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    }
  }
}
