import type { FastifyReply } from 'fastify'

/**
 * The few pages the server renders itself (the built-in billing portal, the LinkedIn sandbox's
 * sign-in and viewer): a plain HTML document with one inline style sheet (allowed by its hash in
 * the page's CSP), no scripts, sent uncached and without a referrer (their addresses carry tokens
 * or sign-in requests).
 */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function htmlDocument(options: { title: string; style: string; body: string; header?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${options.style}</style>
</head>
<body>
${options.header ? `<header>${escapeHtml(options.header)}</header>\n` : ''}<main>
${options.body}
</main>
</body>
</html>
`
}

export function sendHtmlPage(reply: FastifyReply, status: number, html: string, contentSecurityPolicy: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', contentSecurityPolicy)
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .send(html)
}
