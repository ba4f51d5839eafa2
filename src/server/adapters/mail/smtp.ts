import nodemailer from 'nodemailer'
import type { MailMessage, MailTransport } from './mail'

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(options.url)
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
    },
    close: () => transporter.close()
  }
}
