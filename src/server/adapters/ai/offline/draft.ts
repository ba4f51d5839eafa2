import type { PostType } from '../../../../shared/domain/enums'
import { clean, composePostText, normalizeHashtags, type Draft, type DraftInput, type Idea } from '../ai'
import { contextFor, everydayTopicIn, industriesOf, type Ctx } from './context'
import { PATTERNS, pollFor, type Pattern } from './patterns'
import { pick, random, seedOf } from './random'
import { capitalize, phrase, sentence, voice, type Tone } from './text'

/** Drafts: the idea's pattern written out with an intro, its body, a media line, a call to action and hashtags. */

const MEDIA_LINE: Record<PostType, string | null> = {
  textOnly: null,
  images: 'The image shows what this looks like in practice.',
  multiImage: 'Swipe through the images for each point.',
  videos: 'In the video, we walk through it in under two minutes.',
  document: "We've put the full version in the attached document, so you can save it for later.",
  poll: "Vote in the poll, and we'll share the results next week."
}

const CTA: Record<Tone, string[]> = {
  formal: ['We would welcome your perspective in the comments.', 'We look forward to hearing your views in the comments.'],
  friendly: ["Tell us in the comments, we'd love to hear from you! 👇", 'Drop your thoughts in the comments, we read every one 😊'],
  bold: ["Don't hold back in the comments.", 'Make your case in the comments.'],
  neutral: ['Share your thoughts in the comments.', 'Let us know in the comments.']
}

const INTRO: Record<Tone, ((c: Ctx) => string)[]> = {
  formal: [
    (c) => `For ${c.audience}, getting ${c.topic} right is rarely a side issue. It shapes decisions, budgets and trust.`,
    (c) => `Among ${c.audience}${c.inIndustry}, ${c.topic} ranks high on the agenda. Here is our perspective.`
  ],
  friendly: [
    (c) => `We talk with ${c.audience} every week, and ${c.topic} comes up almost every time. So here's what we've learned so far.`,
    (c) => `Honest moment: getting ${c.topic} right isn't always easy for us either. Here's what's been working.`
  ],
  bold: [
    (c) =>
      c.hasTopic
        ? `Good teams in ${c.industry} pull ahead on ${c.topic}. No shortcuts, just a few clear choices.`
        : `Good teams in ${c.topic} pull ahead with no shortcuts, just a few clear choices.`,
    (c) => `Let's be direct: ${c.topic} deserves more attention than most teams give it.`
  ],
  neutral: [
    (c) => `${capitalize(c.audience)}${c.inIndustry} ask us about ${c.topic} all the time, and there's a lot of confusion around it.`,
    (c) => `Here's how we think about ${c.topic}, and why it matters for ${c.audience}.`
  ]
}

function hashtagsFor(c: Ctx, input: DraftInput, industry: string | null, industries: string[], pattern: Pattern): string[] {
  const candidates = [c.hasTopic ? phrase(input.topic?.title, 60) || c.topic : '', c.hasIndustry ? industry : '', pattern.tag, ...industries]
  const tags = normalizeHashtags(candidates.filter((t): t is string => Boolean(t)))
  return tags.length >= 3 ? tags : normalizeHashtags([...tags, '#ContentStrategy', '#Leadership', '#Growth']).slice(0, 3)
}

/** The pattern an idea was written from: one whose title it has, else its wording, else a stable pick. */
function patternOf(idea: Idea, input: DraftInput, industries: string[], everydayTopic: string | null): Pattern {
  const title = idea.title.toLowerCase()
  for (const industry of industries.length ? industries : [null]) {
    const c = contextFor(input, industry, everydayTopic)
    const exact = PATTERNS.find((p) => p.titles.some((t) => voice(capitalize(t(c)), c.tone).toLowerCase() === title))
    if (exact) return exact
  }
  const byTitle = PATTERNS.find((p) => p.keywords.test(idea.title))
  if (byTitle) return byTitle
  const byAngle = PATTERNS.find((p) => p.keywords.test(`${idea.angle} ${idea.hook}`))
  return byAngle ?? PATTERNS[seedOf([idea.title, idea.angle]) % PATTERNS.length]!
}

export async function offlineDraft(input: DraftInput): Promise<Draft> {
  const industries = industriesOf(input)
  const ideaText = `${input.idea.title} ${input.idea.angle} ${input.idea.hook}`.toLowerCase()
  const industry = industries.find((i) => ideaText.includes(i.toLowerCase())) ?? industries[0] ?? null
  const everydayTopic = clean(input.topic?.title) ? null : everydayTopicIn(ideaText)
  const c = contextFor(input, industry, everydayTopic)
  const pattern = patternOf(input.idea, input, industries, everydayTopic)
  const rnd = random(seedOf(['draft', pattern.id, input.idea, industries, c.tone, c.audience, c.topic, c.description, input.postType, input.seed ?? '']))

  const hook = clean(input.idea.hook) || pick(pattern.hooks, rnd)(c)
  const paragraphs = [hook, pick(INTRO[c.tone], rnd)(c)]
  if (c.description) paragraphs.push(`${c.tone === 'formal' ? 'Context' : 'Why now'}: ${sentence(c.description, 400)}`)
  paragraphs.push(pattern.body(c).join('\n'))
  const media = MEDIA_LINE[c.postType]
  if (media) paragraphs.push(media)
  paragraphs.push(`${pattern.ask(c)} ${pick(CTA[c.tone], rnd)}`)

  const hashtags = hashtagsFor(c, input, industry, industries, pattern)
  const text = composePostText(voice(paragraphs.join('\n\n'), c.tone), hashtags)
  const draft: Draft = { text, hashtags }
  if (input.postType === 'poll') {
    const poll = pollFor(c, pattern)
    if (poll) draft.poll = poll
  }
  return draft
}
