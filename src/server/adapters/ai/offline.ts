import { createHash } from 'node:crypto'
import type { PostType } from '../../../shared/domain/enums'
import {
  IDEA_TEXT_MAX,
  IDEA_TITLE_MAX,
  clampCount,
  clean,
  composePostText,
  normalizeHashtags,
  normalizePoll,
  truncate,
  type Draft,
  type DraftInput,
  type Idea,
  type IdeaGenerator,
  type IdeaInput
} from './ai'

/**
 * The built-in generator: no outside service, the same input and seed always give the same
 * ideas and drafts. It fills a curated library of LinkedIn post patterns (lessons learned, myth vs
 * fact, how-to steps, behind the scenes, customer story, the number that matters, question to the
 * audience, announcement, contrarian take, checklist, mistakes to avoid, what's next) with the
 * template's industries, tone and audience and the slot's topic, audience and post type. It
 * writes English whatever the locale, and does not read the template's free-text instructions.
 */

type Tone = 'formal' | 'friendly' | 'bold' | 'neutral'

/** The tone of a template's free-text tone ('Formal and precise', 'friendly, casual', …). */
export function toneOf(tone: string | null | undefined): Tone {
  const t = (tone ?? '').toLowerCase()
  if (/formal|professional|authoritative|corporate|serious|academic|executive|polished/.test(t)) return 'formal'
  if (/friend|casual|warm|conversational|playful|fun|approachable|relaxed|personal/.test(t)) return 'friendly'
  if (/bold|direct|provocative|confident|energetic|punchy|assertive/.test(t)) return 'bold'
  return 'neutral'
}

interface Ctx {
  /** The topic as written in sentences (the topic tag, else the industry). */
  topic: string
  hasTopic: boolean
  description: string
  industry: string
  hasIndustry: boolean
  /** ' in <industry>' after a topic of that industry; empty when the topic is the industry itself. */
  inIndustry: string
  audience: string
  tone: Tone
  postType: PostType
}

interface Pattern {
  id: string
  tag: string
  titles: ((c: Ctx) => string)[]
  angle: (c: Ctx) => string
  hooks: ((c: Ctx) => string)[]
  body: (c: Ctx) => string[]
  /** The question of the call to action. */
  ask: (c: Ctx) => string
  poll: { question: (c: Ctx) => string; options: string[] }
  /** Words that identify an idea of this pattern written elsewhere (another generator, edited by hand). */
  keywords: RegExp
}

const PATTERNS: Pattern[] = [
  {
    id: 'lessons',
    tag: '#LessonsLearned',
    titles: [(c) => `3 lessons we learned about ${c.topic} the hard way`, (c) => `What ${c.topic} taught us this year`],
    angle: (c) => `Three honest lessons from working on ${c.topic}${c.inIndustry}, and what ${c.audience} can take from them.`,
    hooks: [
      (c) => `We got ${c.topic} wrong before we got it right. Here are 3 lessons we'd share with anyone starting today.`,
      (c) => `The most useful things we know about ${c.topic} came from our mistakes.`
    ],
    body: (c) => [
      `1. Start smaller than you think. Our first attempt at ${c.topic} tried to do everything at once, and the results were impossible to read.`,
      `2. Measure what ${c.audience} actually care about, not what's easiest to count.`,
      `3. Write down what you learn while it's fresh. The details fade fast, and they're the part worth sharing.`
    ],
    ask: () => 'Which lesson would you add to the list?',
    poll: { question: (c) => `What's the hardest part of ${c.topic} for your team?`, options: ['Getting started', 'Finding the time', 'Measuring results', 'Getting buy-in'] },
    keywords: /lesson|learn|taught/i
  },
  {
    id: 'myth',
    tag: '#MythBusting',
    titles: [(c) => `Myth vs fact: ${c.topic}${c.inIndustry}`, (c) => `3 myths about ${c.topic} we hear every week`],
    angle: (c) => `Set the record straight on common misconceptions about ${c.topic} that hold ${c.audience} back.`,
    hooks: [
      (c) => `Myth: investing in ${c.topic} only pays off for the biggest players${c.inIndustry}. Fact: the smaller teams we work with often see results first.`,
      (c) => `There's a lot of confident advice about ${c.topic}. Some of it is simply wrong.`
    ],
    body: (c) => [
      `Myth: it takes a big budget. Fact: consistency beats budget. A clear routine around ${c.topic} does more than a one-off campaign.`,
      `Myth: it's a job for specialists. Fact: the people closest to ${c.audience} usually have the best insight.`,
      `Myth: results show up in a week. Fact: it takes a few months of steady work before the pattern is clear.`
    ],
    ask: () => 'Which myth have you heard most often?',
    poll: { question: (c) => `Which myth about ${c.topic} do you hear most?`, options: ['It needs a big budget', "It's for specialists only", 'It works overnight', "It doesn't apply to us"] },
    keywords: /myth|misconception|fact/i
  },
  {
    id: 'howto',
    tag: '#HowTo',
    titles: [(c) => `How to get started with ${c.topic} in 4 steps`, (c) => `A simple playbook for ${c.topic}`],
    angle: (c) => `A practical step-by-step guide that ${c.audience} can apply to ${c.topic} this week.`,
    hooks: [
      (c) => `If getting started with ${c.topic} feels overwhelming, start here. Four steps, no jargon.`,
      (c) => `Here's the exact process we use for ${c.topic}, step by step.`
    ],
    body: (c) => [
      `Step 1: Define what success looks like for ${c.audience}, in one sentence.`,
      `Step 2: Pick one small, visible win you can deliver within 30 days.`,
      `Step 3: Share progress openly, including what didn't work.`,
      `Step 4: Review after a month, keep what worked and drop the rest.`
    ],
    ask: () => 'Which step do you find hardest?',
    poll: { question: (c) => `Where are you with ${c.topic} today?`, options: ['Not started yet', 'Experimenting', 'Running it weekly', 'Fully part of our work'] },
    keywords: /how to|step|playbook|guide/i
  },
  {
    id: 'behind',
    tag: '#BehindTheScenes',
    titles: [(c) => `Behind the scenes: how our team handles ${c.topic}`, (c) => `A look inside our routine for ${c.topic}`],
    angle: (c) => `Show the real people and routines behind ${c.topic}, so ${c.audience} see how the work actually gets done.`,
    hooks: [
      (c) => `Most people only see the finished result. Here's what ${c.topic} looks like behind the scenes.`,
      (c) => `A quick look at how our team really works on ${c.topic}, unpolished.`
    ],
    body: (c) => [
      `Every week starts with a short check-in: what did we learn about ${c.topic}, and what do we try next?`,
      `The work itself is less glamorous than it looks from outside. Lots of small decisions, a few good debates, and a shared document everyone can edit.`,
      `What makes it work is simple: everyone can see the goal, and everyone is allowed to question it.`
    ],
    ask: () => 'What does this look like in your team?',
    poll: { question: (c) => `How does your team plan its work on ${c.topic}?`, options: ['Weekly check-in', 'Monthly planning', 'Ad hoc', 'We don’t plan it yet'] },
    keywords: /behind the scenes|inside|routine/i
  },
  {
    id: 'customer',
    tag: '#CustomerSuccess',
    titles: [(c) => `A customer story: what changed after they rethought ${c.topic}`, (c) => `How one client turned ${c.topic} into an advantage`],
    angle: (c) => `Tell a before-and-after story that shows ${c.audience} what ${c.topic} changes in practice.`,
    hooks: [
      (c) => `A few months ago, one of our clients told us ${c.topic} was "something for later". Here's what happened next.`,
      (c) => `The best proof of what ${c.topic} can change comes from the people we work with.`
    ],
    body: (c) => [
      `Before: the team was busy, but ${c.topic} kept slipping down the list. Decisions took weeks and nobody owned the outcome.`,
      `What changed: they named one owner, set a single goal and met for 20 minutes every Friday to review it.`,
      `After: faster decisions, a clearer message for ${c.audience}, and a team that could finally see its own progress.`
    ],
    ask: () => 'Have you seen a turnaround like this?',
    poll: { question: (c) => `What would change ${c.topic} most for your team?`, options: ['A clear owner', 'One shared goal', 'A weekly review', 'Better tools'] },
    keywords: /customer|client|story/i
  },
  {
    id: 'number',
    tag: '#DataDriven',
    titles: [(c) => `The one number we watch for ${c.topic}`, (c) => `What the numbers say about ${c.topic}`],
    angle: (c) => `Pick one measurable signal for ${c.topic} and explain the takeaway it holds for ${c.audience}.`,
    hooks: [
      (c) => `We track a lot of numbers. Only one tells us whether our work on ${c.topic} is paying off.`,
      (c) => `Data point first, opinion second: here's how we judge ${c.topic}.`
    ],
    body: (c) => [
      `The number: how long it takes ${c.audience} to get real value after they first hear from us.`,
      `Why this one: it can't be gamed with activity. When it goes down, our work on ${c.topic} is paying off. When it goes up, something in the process needs attention.`,
      `The takeaway: choose one number that reflects value for the people you serve, review it every month, and let it guide what you stop doing.`
    ],
    ask: () => 'Which single number do you watch?',
    poll: { question: (c) => `Which signal tells you most about ${c.topic}?`, options: ['Time to value', 'Repeat business', 'Referrals', 'Engagement'] },
    keywords: /number|metric|data|measure/i
  },
  {
    id: 'question',
    tag: '#Community',
    titles: [(c) => `Question for ${c.audience}: how do you approach ${c.topic}?`, (c) => `We'd love your take on ${c.topic}`],
    angle: (c) => `Open a conversation with ${c.audience} about ${c.topic} and learn from the answers.`,
    hooks: [
      (c) =>
        c.hasTopic
          ? `Quick question for everyone working in ${c.industry}: how do you approach ${c.topic}?`
          : `Quick question for everyone working in ${c.topic}: what is working for you right now?`, (c) => `We're curious, and we'd like to learn from you: what works for you with ${c.topic}?`],
    body: (c) => [
      `We've tried a few approaches to ${c.topic} ourselves, and we keep hearing very different answers from ${c.audience}.`,
      `Some swear by a fixed routine. Others keep it flexible and adjust every month. Both seem to work, for different reasons.`,
      `We'll read every reply and share a summary of what we learn.`
    ],
    ask: () => 'What has worked best for you, and why?',
    poll: { question: (c) => `How do you approach ${c.topic}?`, options: ['Fixed routine', 'Flexible, monthly', 'Only when needed', 'Still figuring it out'] },
    keywords: /question|ask|your take|curious|how do you/i
  },
  {
    id: 'announcement',
    tag: '#Announcement',
    titles: [(c) => `Announcing our next step on ${c.topic}`, (c) => `News: a new way we support ${c.audience} with ${c.topic}`],
    angle: (c) => `Announce a concrete change around ${c.topic} and explain why it matters to ${c.audience}.`,
    hooks: [(c) => `We have news about ${c.topic}, and it starts with what ${c.audience} told us.`, (c) => `Something new is coming for ${c.audience}, and it's all about ${c.topic}.`],
    body: (c) => [
      `Over the past months, we listened closely to ${c.audience}. The same request came up again and again: more practical help with ${c.topic}.`,
      `So we're making it part of how we work: clearer guidance, regular updates, and a direct line to the people who know the subject best.`,
      `It's a first step, and we'll keep improving it with your feedback.`
    ],
    ask: () => 'What would you like to see from us next?',
    poll: { question: (c) => `What help with ${c.topic} would you value most?`, options: ['Practical guides', 'Live sessions', 'Templates', 'One-to-one advice'] },
    keywords: /announc|news|new|launch/i
  },
  {
    id: 'contrarian',
    tag: '#UnpopularOpinion',
    titles: [(c) => `Unpopular opinion: most advice about ${c.topic} is backwards`, (c) => `Why we stopped following the usual playbook for ${c.topic}`],
    angle: (c) => `Challenge a widely held belief about ${c.topic}${c.inIndustry} with a reasoned, respectful counterpoint.`,
    hooks: [(c) => `Unpopular opinion: doing more for ${c.topic} is usually the wrong answer.`, (c) =>
        c.hasTopic
          ? `Everyone in ${c.industry} seems to agree on ${c.topic}. We don't, and here's why.`
          : `Everyone in ${c.topic} seems to agree on how the work should be done. We don't, and here's why.`],
    body: (c) => [
      `The usual advice is to add more: more channels, more tools, more meetings. In our experience, the teams that win at ${c.topic} do less, but do it consistently.`,
      `Fewer priorities mean clearer decisions. Clearer decisions mean ${c.audience} actually notice the difference.`,
      `We're not saying the usual playbook never works. We're saying it's worth questioning before you copy it.`
    ],
    ask: () => 'Do you agree, or are we missing something?',
    poll: { question: (c) => `For ${c.topic}, what works better?`, options: ['Do more, everywhere', 'Do less, consistently', 'It depends', 'Not sure yet'] },
    keywords: /unpopular|contrarian|opinion|backwards|stopped/i
  },
  {
    id: 'checklist',
    tag: '#Checklist',
    titles: [(c) => `A 5-point checklist for ${c.topic}`, (c) => `Before you start on ${c.topic}, check these 5 things`],
    angle: (c) => `Give ${c.audience} a short, saveable checklist they can use for ${c.topic} right away.`,
    hooks: [(c) => `Save this for later: our 5-point checklist for ${c.topic}.`, (c) => `Before your next project on ${c.topic}, run through this list.`],
    body: (c) => [
      `✅ Is the goal written down in one sentence?`,
      `✅ Does everyone know who owns ${c.topic}?`,
      `✅ Do you know what ${c.audience} expect from it?`,
      `✅ Is there a date to review progress?`,
      `✅ Have you agreed on what you'll stop doing to make room for it?`
    ],
    ask: () => 'What would you add to the checklist?',
    poll: { question: (c) => `Which item on a checklist for ${c.topic} gets skipped most?`, options: ['A written goal', 'A clear owner', 'A review date', 'Stopping something'] },
    keywords: /checklist|check these|list/i
  },
  {
    id: 'mistakes',
    tag: '#Leadership',
    titles: [(c) => `3 mistakes to avoid with ${c.topic}`, (c) => `The mistakes we see most often with ${c.topic}${c.inIndustry}`],
    angle: (c) => `Point out the common mistakes around ${c.topic} and how ${c.audience} can avoid them.`,
    hooks: [(c) => `We see the same three mistakes with ${c.topic} again and again. All of them are easy to fix.`, (c) => `Avoid these mistakes and you're ahead of most teams working on ${c.topic}.`],
    body: (c) => [
      `Mistake 1: treating ${c.topic} as a one-off project instead of a habit.`,
      `Mistake 2: talking about features when ${c.audience} want to hear about outcomes.`,
      `Mistake 3: never looking back. Without a regular review, the same problems return.`
    ],
    ask: () => 'Which mistake have you seen most?',
    poll: { question: (c) => `Which mistake with ${c.topic} do you see most?`, options: ['One-off projects', 'Features over outcomes', 'No regular review', 'No clear owner'] },
    keywords: /mistake|avoid|pitfall/i
  },
  {
    id: 'future',
    tag: '#FutureOfWork',
    titles: [(c) => `What will change about ${c.topic} in the next 12 months`, (c) => `What's next for ${c.topic}${c.inIndustry}`],
    angle: (c) => `Share a grounded view of what's next for ${c.topic} and what ${c.audience} can do to prepare.`,
    hooks: [(c) => `The way we work on ${c.topic} won't look the same a year from now. Here's what we expect.`, (c) => `Three shifts in ${c.topic} we're preparing for${c.inIndustry}.`],
    body: (c) => [
      `Shift 1: expectations rise. ${capitalize(c.audience)} will compare every experience with the best one they've had, in any industry.`,
      `Shift 2: smaller, faster cycles. Long plans give way to short experiments with clear reviews.`,
      `Shift 3: trust becomes the differentiator. Clear, honest communication about ${c.topic} will matter more than polish.`
    ],
    ask: () => 'What change do you expect most?',
    poll: { question: (c) => `What will shape ${c.topic} most next year?`, options: ['Higher expectations', 'Faster cycles', 'Trust and honesty', 'New tools'] },
    keywords: /future|next|change|trend|heading|shift/i
  }
]

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

const CONTRACTIONS: [RegExp, string][] = [
  [/\bdon['’]t\b/gi, 'do not'],
  [/\bdoesn['’]t\b/gi, 'does not'],
  [/\bdidn['’]t\b/gi, 'did not'],
  [/\bisn['’]t\b/gi, 'is not'],
  [/\baren['’]t\b/gi, 'are not'],
  [/\bwon['’]t\b/gi, 'will not'],
  [/\bcan['’]t\b/gi, 'cannot'],
  [/\bit['’]s\b/gi, 'it is'],
  [/\bthat['’]s\b/gi, 'that is'],
  [/\bwhat['’]s\b/gi, 'what is'],
  [/\bhere['’]s\b/gi, 'here is'],
  [/\bthere['’]s\b/gi, 'there is'],
  [/\blet['’]s\b/gi, 'let us'],
  [/\bwe['’]re\b/gi, 'we are'],
  [/\bthey['’]re\b/gi, 'they are'],
  [/\byou['’]re\b/gi, 'you are'],
  [/\bwe['’]ve\b/gi, 'we have'],
  [/\bthey['’]ve\b/gi, 'they have'],
  [/\bwe['’]ll\b/gi, 'we will'],
  [/\byou['’]ll\b/gi, 'you will'],
  [/\bwe['’]d\b/gi, 'we would'],
  [/\byou['’]d\b/gi, 'you would']
]

/** Formal writing without contractions ("we've" → "we have"), keeping a capital at the start. */
function formalize(text: string): string {
  let out = text
  for (const [pattern, full] of CONTRACTIONS) {
    out = out.replace(pattern, (match) => (match[0] === match[0]!.toUpperCase() ? capitalize(full) : full))
  }
  return out
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** 'Marketing managers' reads 'marketing managers' mid-sentence; acronyms and names with inner capitals stay. */
function midSentence(value: string): string {
  const first = value.split(' ')[0] ?? ''
  return /^\p{Lu}\p{Ll}+$/u.test(first) ? value.charAt(0).toLowerCase() + value.slice(1) : value
}

/** The first clause of a free-text field, short enough to sit inside a sentence. */
function phrase(value: string | null | undefined, max: number): string {
  const first = clean(value).split(/(?<=[.;!?])\s|\n/)[0] ?? ''
  const trimmed = first.replace(/[.;!?,:]+$/, '').trim()
  if (trimmed.length <= max) return trimmed
  // Cut at a word, without a dangling 'and', 'of the', … at the end.
  return truncate(trimmed, max)
    .replace(/…$/, '')
    .replace(/(\s+(and|or|of|the|a|an|for|to|in|on|at|with|who|that|which|from|by|&))+$/i, '')
    .replace(/[\s,;:.-]+$/, '')
}

/** A multi-word phrase reads in lower case mid-sentence ('heat pumps'); single words may be names ('Kubernetes'). */
function inSentence(value: string): string {
  return value.includes(' ') ? midSentence(value) : value
}

function sentence(value: string, max: number): string {
  const text = truncate(clean(value), max)
  return /[.!?…]$/.test(text) ? text : `${text}.`
}

/** A 32-bit seed of everything that shapes the output. */
function seedOf(parts: unknown): number {
  return createHash('sha256').update(JSON.stringify(parts)).digest().readUInt32LE(0)
}

/** mulberry32: small, fast and fully determined by its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(items: readonly T[], rnd: () => number): T {
  return items[Math.floor(rnd() * items.length)]!
}

function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

function industriesOf(input: IdeaInput | DraftInput): string[] {
  return input.template.industries.map((i) => phrase(i, 60)).filter(Boolean)
}

/**
 * Subjects every business has. Without a topic tag an idea takes one of these within the industry
 * ('pricing in software'): 'How to get started with software' is not how anyone writes.
 */
const EVERYDAY_TOPICS = [
  'customer onboarding',
  'hiring',
  'customer feedback',
  'pricing',
  'team culture',
  'product quality',
  'customer service',
  'partnerships',
  'training new colleagues',
  'sustainability',
  'project planning',
  'working with suppliers'
] as const

/** The everyday topic an idea of ours was written about, if any. */
function everydayTopicIn(text: string): string | null {
  const lower = text.toLowerCase()
  return EVERYDAY_TOPICS.find((topic) => lower.includes(topic)) ?? null
}

function contextFor(input: IdeaInput | DraftInput, industry: string | null, everydayTopic: string | null = null): Ctx {
  const topicTitle = phrase(input.topic?.title, 60) || (everydayTopic ?? '')
  const audienceText = phrase(input.targetAudience, 80) || phrase(input.template.audience, 80)
  // An industry is a common noun ('Software', 'Dental clinics'): lower case mid-sentence, acronyms kept.
  const industryText = industry ? midSentence(industry) : ''
  const industryName = industryText || 'our industry'
  return {
    // Without a topic tag the industry is the topic ('3 lessons we learned about software').
    topic: topicTitle ? inSentence(topicTitle) : industryText || 'our work',
    hasTopic: Boolean(topicTitle),
    description: clean(input.topic?.description),
    industry: industryName,
    hasIndustry: Boolean(industryText),
    // 'Heat pumps in renewable energy', but never 'software in software' or 'software in our industry'.
    inIndustry: topicTitle && industryText ? ` in ${industryText}` : '',
    audience: audienceText ? midSentence(audienceText) : 'our customers',
    tone: toneOf(input.template.tone),
    postType: input.postType
  }
}

function voice(text: string, tone: Tone): string {
  return tone === 'formal' ? formalize(text) : text
}

function hashtagsFor(c: Ctx, input: DraftInput, industry: string | null, industries: string[], pattern: Pattern): string[] {
  const candidates = [c.hasTopic ? phrase(input.topic?.title, 60) || c.topic : '', c.hasIndustry ? industry : '', pattern.tag, ...industries]
  const tags = normalizeHashtags(candidates.filter((t): t is string => Boolean(t)))
  return tags.length >= 3 ? tags : normalizeHashtags([...tags, '#ContentStrategy', '#Leadership', '#Growth']).slice(0, 3)
}

function pollFor(c: Ctx, pattern: Pattern) {
  const short: Ctx = { ...c, topic: phrase(c.topic, 60) }
  return normalizePoll(voice(pattern.poll.question(short), c.tone), pattern.poll.options)
}

function ideaFrom(pattern: Pattern, c: Ctx, rnd: () => number): Idea {
  let angle = pattern.angle(c)
  if (c.postType === 'poll') {
    const poll = pollFor(c, pattern)
    if (poll) angle = `${angle} Ask it as a poll: "${poll.question}"`
  }
  return {
    title: truncate(voice(capitalize(pick(pattern.titles, rnd)(c)), c.tone), IDEA_TITLE_MAX),
    angle: truncate(voice(angle, c.tone), IDEA_TEXT_MAX),
    hook: truncate(voice(pick(pattern.hooks, rnd)(c), c.tone), IDEA_TEXT_MAX),
    postType: c.postType
  }
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

export function createOfflineGenerator(): IdeaGenerator {
  return {
    kind: 'offline',

    async ideas(input) {
      const count = clampCount(input.count)
      const industries = industriesOf(input)
      const rnd = random(
        seedOf(['ideas', industries, clean(input.template.tone), clean(input.template.audience), input.topic?.title ?? '', input.targetAudience ?? '', input.postType, input.seed ?? ''])
      )
      const patterns = shuffled(PATTERNS, rnd).slice(0, count)
      const everyday = clean(input.topic?.title) ? [] : shuffled(EVERYDAY_TOPICS, rnd)
      return patterns.map((pattern, i) => {
        // Spread the ideas over the template's industries.
        const industry = industries.length ? industries[(i + Math.floor(rnd() * industries.length)) % industries.length]! : null
        return ideaFrom(pattern, contextFor(input, industry, everyday[i % everyday.length] ?? null), rnd)
      })
    },

    async draft(input) {
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
  }
}
