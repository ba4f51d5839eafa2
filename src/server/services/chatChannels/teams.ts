import type { ChatMessage } from './message'
import type { TeamsMessage } from './formatSchemas'

/**
 * A chat message as a Microsoft Teams workflow webhook's body: a message with one Adaptive Card
 * 1.5 — the title as a heading TextBlock, the text, the facts as a FactSet, the context subtle, the
 * buttons as Action.OpenUrl. Times use the card's DATE/TIME functions, so each reader sees their
 * own timezone.
 */
const teamsTime = (at: Date) => {
  const iso = at.toISOString().replace('.000Z', 'Z')
  return `{{DATE(${iso}, SHORT)}} {{TIME(${iso})}}`
}

export function toTeams(message: ChatMessage): TeamsMessage {
  return {
    type: 'message',
    summary: message.title,
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          type: 'AdaptiveCard',
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          version: '1.5',
          body: [
            { type: 'TextBlock', text: message.title, size: 'Medium', weight: 'Bolder', style: 'heading', wrap: true },
            { type: 'TextBlock', text: message.text, wrap: true },
            ...(message.facts.length > 0 ? [{ type: 'FactSet' as const, facts: message.facts.map((f) => ({ title: f.title, value: 'at' in f ? teamsTime(f.at) : f.value })) }] : []),
            { type: 'TextBlock', text: message.context, isSubtle: true, size: 'Small', wrap: true }
          ],
          ...(message.buttons.length > 0
            ? {
                actions: message.buttons.slice(0, 6).map((button) => ({
                  type: 'Action.OpenUrl' as const,
                  title: button.label,
                  url: button.url,
                  ...(button.style === 'primary' ? { style: 'positive' as const } : button.style === 'danger' ? { style: 'destructive' as const } : {})
                }))
              }
            : {})
        }
      }
    ]
  }
}
