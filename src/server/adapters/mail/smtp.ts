import type { Transporter } from 'nodemailer'
import type { MailMessage, MailTransport } from './mail'

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`.
 * nodemailer is loaded with the first message, not at start (issue 16: start-up time).
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport & { close(): void } {
  let transporter: Promise<Transporter> | null = null
  const open = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options.url)))
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await (await open()).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
    },
    close: () => void transporter?.then((t) => t.close())
  }
}
