import type { ChatChannelKind } from '@shared/api/contract'

/** How each kind of chat channel is named. */
export const CHAT_KIND_LABELS: Record<ChatChannelKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' }
