import type { ChatMessage } from './message'
import type { SlackMessage } from './formatSchemas'

/**
 * A chat message as a Slack incoming webhook's body (Block Kit): `text` is the notification's and
 * screen readers' fallback; blocks are a header, the text as a section, the facts as a section's
 * fields, a context line and the link buttons. Every text is cut to Slack's limits; times use
 * Slack's date formatting, so each reader sees their own timezone.
 */
const cut = (text: string, max: number) => {
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** mrkdwn's three control characters (docs.slack.dev, "Formatting text": escaping). */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const slackTime = (at: Date) => `<!date^${Math.floor(at.getTime() / 1000)}^{date_short_pretty} {time}|${at.toISOString().replace('.000Z', 'Z')}>`

export function toSlack(message: ChatMessage): SlackMessage {
  const fields = message.facts.map((fact) => ({ type: 'mrkdwn' as const, text: cut(`*${escapeMrkdwn(fact.title)}*\n${'at' in fact ? slackTime(fact.at) : escapeMrkdwn(fact.value)}`, 2000) }))
  return {
    text: cut(`${message.title}: ${message.text}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(message.title, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(escapeMrkdwn(message.text), 3000) }, ...(fields.length > 0 ? { fields: fields.slice(0, 10) } : {}) },
      { type: 'context', elements: [{ type: 'mrkdwn', text: cut(escapeMrkdwn(message.context), 3000) }] },
      ...(message.buttons.length > 0
        ? [
            {
              type: 'actions' as const,
              elements: message.buttons.slice(0, 25).map((button, i) => ({
                type: 'button' as const,
                text: { type: 'plain_text' as const, text: cut(button.label, 75) },
                action_id: `pagecrew-${i}`,
                url: button.url,
                ...(button.style ? { style: button.style } : {})
              }))
            }
          ]
        : [])
    ],
    unfurl_links: false,
    unfurl_media: false
  }
}
