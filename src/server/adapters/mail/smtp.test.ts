import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../testing/clock'
import { createMailer, type MailTransport } from './mail'
import { createSmtpTransport } from './smtp'

/** A tiny SMTP server (RFC 5321 happy path, no TLS) that keeps what it receives. */
function startSmtpServer(): Promise<{ server: Server; port: number; received: { from: string; to: string[]; data: string }[] }> {
  const received: { from: string; to: string[]; data: string }[] = []
  const server = createServer((socket: Socket) => {
    let buffer = ''
    let inData = false
    let current = { from: '', to: [] as string[], data: '' }
    socket.write('220 localhost ESMTP test\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(current)
          current = { from: '', to: [], data: '' }
          socket.write('250 OK queued\r\n')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol === -1) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n')
        else if (verb === 'HELO') socket.write('250 localhost\r\n')
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '').replace(/\s.*$/, '')
          socket.write('250 OK\r\n')
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''))
          socket.write('250 OK\r\n')
        } else if (verb === 'DATA') {
          inData = true
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n')
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n')
        } else socket.write('250 OK\r\n')
      }
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received })
    })
  })
}

describe('SMTP mail transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => {
    smtp.server.close()
  })

  it('delivers a message to the SMTP server', async () => {
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Pagecrew <no-reply@pagecrew.test>' })
    try {
      await transport.send({ to: 'ann@example.com', subject: "You're invited to join Acme on Pagecrew", text: 'Open https://app.test/join?token=abc', organizationId: null })
    } finally {
      transport.close()
    }
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail!.from).toBe('<no-reply@pagecrew.test>')
    expect(mail!.to).toEqual(['<ann@example.com>'])
    expect(mail!.data).toContain("Subject: You're invited to join Acme on Pagecrew")
    expect(mail!.data).toContain('https://app.test/join?token=abc')
  })

  it('only logs when delivery fails (the outbox keeps the message)', async () => {
    const logged: string[] = []
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('connection refused')
      }
    }
    const mailer = createMailer({ db: null as never, clock: manualClock(), transport: failing, log: (m) => logged.push(m) })
    await expect(mailer.deliver({ to: 'bob@example.com', subject: 's', text: 't', organizationId: null })).resolves.toBeUndefined()
    expect(logged).toEqual(['Mail to bob@example.com could not be sent through smtp: connection refused'])
  })
})
