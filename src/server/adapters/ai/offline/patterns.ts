import { normalizePoll } from '../ai'
import type { Ctx } from './context'
import { capitalize, phrase, voice } from './text'

/**
 * The curated library of LinkedIn post patterns: lessons learned, myth vs fact, how-to steps, behind
 * the scenes, customer story, the number that matters, question to the audience, announcement,
 * contrarian take, checklist, mistakes to avoid, what's next.
 */

export interface Pattern {
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

export const PATTERNS: Pattern[] = [
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

export function pollFor(c: Ctx, pattern: Pattern) {
  const short: Ctx = { ...c, topic: phrase(c.topic, 60) }
  return normalizePoll(voice(pattern.poll.question(short), c.tone), pattern.poll.options)
}
