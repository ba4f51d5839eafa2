import { z } from 'zod'

/*
 * Strict schemas of the part of each chat format Pagecrew writes (issue 28), from the formats'
 * documentation: Slack's incoming webhooks and Block Kit (docs.slack.dev, "Block Kit" reference:
 * blocks, block elements, composition objects) and Microsoft Teams' workflow webhooks with an
 * Adaptive Card 1.5 (adaptivecards.io schema explorer; learn.microsoft.com "Create incoming
 * webhooks with Workflows"). Anything outside the subset, a missing required field or a limit
 * exceeded fails. The formatters' tests and the fake Slack and Teams servers check every payload.
 */

// ---- Slack: Block Kit in an incoming webhook's body ----

const httpUrl = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'an http(s) URL')

const slackPlainText = (max: number) => z.strictObject({ type: z.literal('plain_text'), text: z.string().min(1).max(max), emoji: z.boolean().optional() })
const slackMrkdwn = (max: number) => z.strictObject({ type: z.literal('mrkdwn'), text: z.string().min(1).max(max), verbatim: z.boolean().optional() })
const slackText = (max: number) => z.union([slackPlainText(max), slackMrkdwn(max)])
const blockId = z.string().min(1).max(255).optional()

/** header: plain_text up to 150 characters. */
const slackHeader = z.strictObject({ type: z.literal('header'), block_id: blockId, text: slackPlainText(150) })
/** section: text up to 3000 characters and/or up to 10 fields of 2000; one of them is required. */
const slackSection = z
  .strictObject({ type: z.literal('section'), block_id: blockId, text: slackText(3000).optional(), fields: z.array(slackText(2000)).min(1).max(10).optional() })
  .refine((block) => block.text !== undefined || block.fields !== undefined, 'a section needs text or fields')
/** context: 1 to 10 text elements (images are outside the subset). */
const slackContext = z.strictObject({ type: z.literal('context'), block_id: blockId, elements: z.array(slackText(3000)).min(1).max(10) })
/** button: text 75, action_id 255, url 3000, value 2000, style primary|danger. */
const slackButton = z.strictObject({
  type: z.literal('button'),
  text: slackPlainText(75),
  action_id: z.string().min(1).max(255).optional(),
  url: httpUrl(3000).optional(),
  value: z.string().max(2000).optional(),
  style: z.enum(['primary', 'danger']).optional(),
  accessibility_label: z.string().min(1).max(75).optional()
})
/** actions: 1 to 25 elements; action_ids unique within the block. */
const slackActions = z
  .strictObject({ type: z.literal('actions'), block_id: blockId, elements: z.array(slackButton).min(1).max(25) })
  .refine((block) => {
    const ids = block.elements.flatMap((e) => (e.action_id ? [e.action_id] : []))
    return new Set(ids).size === ids.length
  }, 'action_ids must be unique in a block')
const slackDivider = z.strictObject({ type: z.literal('divider'), block_id: blockId })

export const slackBlockSchema = z.union([slackHeader, slackSection, slackContext, slackActions, slackDivider])

/**
 * An incoming webhook's body: `text` (the notification's and screen readers' fallback, required
 * here: Slack asks for it whenever blocks are sent; messages over 40,000 characters are cut) and
 * at most 50 blocks; block_ids unique.
 */
export const slackMessageSchema = z
  .strictObject({
    text: z.string().min(1).max(40_000),
    blocks: z.array(slackBlockSchema).min(1).max(50).optional(),
    unfurl_links: z.boolean().optional(),
    unfurl_media: z.boolean().optional()
  })
  .refine((message) => {
    const ids = (message.blocks ?? []).flatMap((b) => (b.block_id ? [b.block_id] : []))
    return new Set(ids).size === ids.length
  }, 'block_ids must be unique in a message')
export type SlackMessage = z.infer<typeof slackMessageSchema>

// ---- Microsoft Teams: an Adaptive Card 1.5 in a workflow webhook's message ----

const spacing = z.enum(['None', 'Small', 'Default', 'Medium', 'Large', 'ExtraLarge', 'Padding']).optional()
const textBlock = z.strictObject({
  type: z.literal('TextBlock'),
  text: z.string().min(1),
  wrap: z.boolean().optional(),
  weight: z.enum(['Default', 'Lighter', 'Bolder']).optional(),
  size: z.enum(['Default', 'Small', 'Medium', 'Large', 'ExtraLarge']).optional(),
  color: z.enum(['Default', 'Dark', 'Light', 'Accent', 'Good', 'Warning', 'Attention']).optional(),
  isSubtle: z.boolean().optional(),
  maxLines: z.number().int().positive().optional(),
  /** 1.5: a heading for screen readers. */
  style: z.enum(['default', 'heading']).optional(),
  spacing,
  separator: z.boolean().optional()
})
const factSet = z.strictObject({
  type: z.literal('FactSet'),
  facts: z.array(z.strictObject({ title: z.string().min(1), value: z.string().min(1) })).min(1),
  spacing,
  separator: z.boolean().optional()
})
const openUrl = z.strictObject({
  type: z.literal('Action.OpenUrl'),
  url: httpUrl(2048),
  title: z.string().min(1).optional(),
  id: z.string().min(1).optional(),
  style: z.enum(['default', 'positive', 'destructive']).optional()
})

export const adaptiveCardSchema = z.strictObject({
  type: z.literal('AdaptiveCard'),
  $schema: z.literal('http://adaptivecards.io/schemas/adaptive-card.json'),
  version: z.literal('1.5'),
  body: z.array(z.union([textBlock, factSet])).min(1),
  /** Teams shows at most 6 actions on a card. */
  actions: z.array(openUrl).max(6).optional(),
  msteams: z.strictObject({ width: z.literal('Full') }).optional()
})

/**
 * A workflow webhook's body ("Post to a channel when a webhook request is received"): a message
 * with exactly one Adaptive Card attachment; Teams refuses messages over about 28 KB.
 */
export const TEAMS_MESSAGE_MAX_BYTES = 28_000
export const teamsMessageSchema = z
  .strictObject({
    type: z.literal('message'),
    summary: z.string().min(1).optional(),
    attachments: z
      .array(z.strictObject({ contentType: z.literal('application/vnd.microsoft.card.adaptive'), contentUrl: z.null().optional(), content: adaptiveCardSchema }))
      .length(1)
  })
  .refine((message) => Buffer.byteLength(JSON.stringify(message)) <= TEAMS_MESSAGE_MAX_BYTES, `a Teams message is at most ${TEAMS_MESSAGE_MAX_BYTES} bytes`)
export type TeamsMessage = z.infer<typeof teamsMessageSchema>
