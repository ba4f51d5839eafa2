import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A webhook endpoint on loopback for tests and the bench: records every request (headers, body,
 * when it came) and answers what `answer` says (status, and a Location for redirects). Reached
 * only with the development setting (PAGECREW_OUTBOUND_ALLOW_LOOPBACK), as the policy wants.
 */
export interface ReceivedWebhook {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:40123 */
  url: string
  received: ReceivedWebhook[]
  /** What the next request is answered; default 200. */
  answer: (request: ReceivedWebhook) => { status: number; location?: string }
  close(): Promise<void>
}

export async function startWebhookReceiver(onRequest?: (request: ReceivedWebhook) => void): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() }
      receiver.received.push(request)
      onRequest?.(request)
      const { status, location } = receiver.answer(request)
      res.writeHead(status, location ? { location } : {})
      res.end(status >= 200 && status < 300 ? 'ok' : 'no')
    })
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return receiver
}
