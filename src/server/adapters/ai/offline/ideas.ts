import { IDEA_TEXT_MAX, IDEA_TITLE_MAX, clampCount, clean, truncate, type Idea, type IdeaInput } from '../ai'
import { EVERYDAY_TOPICS, contextFor, industriesOf, type Ctx } from './context'
import { PATTERNS, pollFor, type Pattern } from './patterns'
import { pick, random, seedOf, shuffled } from './random'
import { capitalize, voice } from './text'

/** Ideas: patterns picked at random (seeded) and filled with the request's context. */

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

export async function offlineIdeas(input: IdeaInput): Promise<Idea[]> {
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
}
