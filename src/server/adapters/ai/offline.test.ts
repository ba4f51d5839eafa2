import { describe, expect, it } from 'vitest'
import { postTypeSchema } from '../../../shared/domain/enums'
import { LINKEDIN_POST_MAX, POLL_OPTION_MAX, POLL_QUESTION_MAX, templateInputFrom, type IdeaInput } from './ai'
import { createOfflineGenerator, toneOf } from './offline'

const generator = createOfflineGenerator()

const base: IdeaInput = {
  template: { industries: ['Renewable energy', 'Construction'], tone: 'friendly and warm', audience: 'Facility managers', instructions: '' },
  topic: { title: 'Heat pumps', description: 'Many building owners are replacing gas boilers this winter' },
  targetAudience: null,
  postType: 'textOnly',
  seed: 'a'
}

/** Leftover template syntax or filler text. */
const PLACEHOLDER = /[{}[\]<>]|\$\{|lorem|ipsum|\bundefined\b|\bnull\b|\bNaN\b|\bTODO\b|\bTBD\b|\bXX+\b/i

describe('offline idea generator', () => {
  it('is deterministic: same input and seed give the same ideas and drafts', async () => {
    const a = await generator.ideas(base)
    const b = await createOfflineGenerator().ideas({ ...base })
    expect(a).toEqual(b)
    const draftA = await generator.draft({ ...base, idea: a[0]! })
    const draftB = await generator.draft({ ...base, idea: b[0]! })
    expect(draftA).toEqual(draftB)
  })

  it('gives 5 distinct ideas by default and clamps the count to 1–10', async () => {
    const ideas = await generator.ideas(base)
    expect(ideas).toHaveLength(5)
    expect(new Set(ideas.map((i) => i.title)).size).toBe(5)
    expect(await generator.ideas({ ...base, count: 0 })).toHaveLength(1)
    const ten = await generator.ideas({ ...base, count: 25 })
    expect(ten).toHaveLength(10)
    expect(new Set(ten.map((i) => i.title)).size).toBe(10)
    for (const idea of ten) {
      expect(idea.postType).toBe('textOnly')
      expect(idea.title.length).toBeGreaterThan(10)
      expect(idea.angle.length).toBeGreaterThan(20)
      expect(idea.hook.length).toBeGreaterThan(20)
    }
  })

  it('varies with the seed, the topic and the industries, and uses them', async () => {
    const ideas = await generator.ideas(base)
    const otherSeed = await generator.ideas({ ...base, seed: 'b' })
    expect(otherSeed).not.toEqual(ideas)
    const otherTopic = await generator.ideas({ ...base, topic: { title: 'Solar carports' } })
    expect(otherTopic.map((i) => i.title)).not.toEqual(ideas.map((i) => i.title))
    expect(otherTopic.some((i) => `${i.title} ${i.angle} ${i.hook}`.toLowerCase().includes('solar carports'))).toBe(true)
    expect(ideas.every((i) => `${i.title} ${i.angle} ${i.hook}`.toLowerCase().includes('heat pumps'))).toBe(true)

    const noTopic = { ...base, topic: null, template: { ...base.template, industries: ['Dental clinics'] } }
    const dental = await generator.ideas({ ...noTopic, count: 10 })
    expect(dental.some((i) => `${i.title} ${i.angle} ${i.hook}`.toLowerCase().includes('dental clinics'))).toBe(true)
    const logistics = await generator.ideas({ ...noTopic, count: 10, template: { ...noTopic.template, industries: ['Logistics'] } })
    expect(logistics.map((i) => i.title)).not.toEqual(dental.map((i) => i.title))
  })

  it('writes real multi-paragraph posts with hook, body, call to action and 3–5 hashtags', async () => {
    const ideas = await generator.ideas({ ...base, count: 10 })
    for (const idea of ideas) {
      const draft = await generator.draft({ ...base, idea })
      const paragraphs = draft.text.split('\n\n')
      expect(paragraphs.length).toBeGreaterThanOrEqual(5)
      expect(paragraphs[0]).toBe(idea.hook)
      expect(draft.text).toMatch(/heat pumps/i)
      expect(draft.text).toContain('Many building owners are replacing gas boilers this winter.')
      expect(draft.text).toMatch(/comments/)
      expect(draft.hashtags.length).toBeGreaterThanOrEqual(3)
      expect(draft.hashtags.length).toBeLessThanOrEqual(5)
      expect(draft.hashtags).toContain('#HeatPumps')
      expect(draft.hashtags).toContain('#RenewableEnergy')
      for (const tag of draft.hashtags) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u)
      expect(paragraphs.at(-1)).toBe(draft.hashtags.join(' '))
      expect(draft.text).not.toMatch(PLACEHOLDER)
      expect(draft.text.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX)
      expect(draft.poll).toBeUndefined()
    }
  })

  it('never leaves placeholders, whatever is missing from the input', async () => {
    const sparse: IdeaInput = { template: { industries: [] }, postType: 'textOnly' }
    const ideas = await generator.ideas({ ...sparse, count: 10 })
    for (const idea of ideas) {
      expect(`${idea.title} ${idea.angle} ${idea.hook}`).not.toMatch(PLACEHOLDER)
      const draft = await generator.draft({ ...sparse, idea })
      expect(draft.text).not.toMatch(PLACEHOLDER)
      expect(draft.hashtags.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('keeps every post type, poll included, within LinkedIn limits even with very long input', async () => {
    const long: IdeaInput = {
      template: { industries: ['Enterprise resource planning for mid-sized manufacturing companies across Europe and beyond'.repeat(2)], tone: 'formal', audience: 'a'.repeat(900) },
      topic: { title: 'Digital transformation of supply chain planning and procurement processes', description: 'word '.repeat(400) },
      targetAudience: 'Chief financial officers and procurement leads who are evaluating new planning software this year',
      postType: 'poll',
      count: 10
    }
    for (const postType of postTypeSchema.options) {
      const ideas = await generator.ideas({ ...long, postType })
      for (const idea of ideas) {
        expect(idea.postType).toBe(postType)
        const draft = await generator.draft({ ...long, postType, idea })
        expect(draft.text.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX)
        expect(draft.text).not.toMatch(PLACEHOLDER)
        if (postType === 'poll') {
          expect(draft.poll).toBeDefined()
          expect(draft.poll!.question.length).toBeLessThanOrEqual(POLL_QUESTION_MAX)
          expect(draft.poll!.options.length).toBeGreaterThanOrEqual(2)
          expect(draft.poll!.options.length).toBeLessThanOrEqual(4)
          for (const option of draft.poll!.options) expect(option.length).toBeLessThanOrEqual(POLL_OPTION_MAX)
          expect(new Set(draft.poll!.options).size).toBe(draft.poll!.options.length)
        } else {
          expect(draft.poll).toBeUndefined()
        }
      }
    }
  })

  it('mentions the media of the post type', async () => {
    const [idea] = await generator.ideas({ ...base, postType: 'document', count: 1 })
    expect((await generator.draft({ ...base, postType: 'document', idea: idea! })).text).toMatch(/attached document/)
    const [poll] = await generator.ideas({ ...base, postType: 'poll', count: 1 })
    expect(poll!.angle).toMatch(/Ask it as a poll/)
    expect((await generator.draft({ ...base, postType: 'poll', idea: poll! })).text).toMatch(/Vote in the poll/)
  })

  it('changes the wording with the tone', async () => {
    expect(toneOf('Formal, precise')).toBe('formal')
    expect(toneOf('friendly and casual')).toBe('friendly')
    expect(toneOf('Bold')).toBe('bold')
    expect(toneOf('')).toBe('neutral')

    const formal: IdeaInput = { ...base, template: { ...base.template, tone: 'Formal and professional' } }
    const friendly: IdeaInput = { ...base, template: { ...base.template, tone: 'Friendly, casual' } }
    const formalIdeas = await generator.ideas({ ...formal, count: 10 })
    const friendlyIdeas = await generator.ideas({ ...friendly, count: 10 })
    const formalDrafts = await Promise.all(formalIdeas.map((idea) => generator.draft({ ...formal, idea })))
    const friendlyDrafts = await Promise.all(friendlyIdeas.map((idea) => generator.draft({ ...friendly, idea })))
    const contraction = /\b(we['’]ve|we['’]re|don['’]t|it['’]s|here['’]s|let['’]s|can['’]t|we['’]d|that['’]s)\b/i
    for (const d of formalDrafts) {
      expect(d.text).not.toMatch(contraction)
      expect(d.text).toMatch(/We would welcome your perspective|We look forward to hearing your views/)
    }
    for (const d of friendlyDrafts) expect(d.text).toMatch(/we'd love to hear from you|we read every one/)
    expect(friendlyDrafts.some((d) => contraction.test(d.text))).toBe(true)
  })

  it('prefers the slot audience over the template audience', async () => {
    const ideas = await generator.ideas({ ...base, targetAudience: 'Hospital procurement teams', count: 10 })
    const text = ideas.map((i) => `${i.angle} ${i.hook}`).join(' ')
    expect(text).toMatch(/hospital procurement teams/)
    expect(text).not.toMatch(/facility managers/i)
  })

  it('drafts ideas it did not write (another provider, edited by hand)', async () => {
    const idea = { title: 'Five mistakes to avoid when sizing a heat pump', angle: 'Common sizing errors', hook: 'Oversizing costs more than you think.', postType: 'poll' as const }
    const draft = await generator.draft({ ...base, postType: 'poll', idea })
    expect(draft.text.startsWith('Oversizing costs more than you think.')).toBe(true)
    expect(draft.text).toMatch(/Mistake 1/)
    expect(draft.poll!.options.length).toBeGreaterThanOrEqual(2)
  })

  it('reads as a person would write it, in every industry, with and without a topic', async () => {
    const industries = ['Software', 'Renewable energy', 'Dental clinics', 'Logistics', 'Financial Services', 'SaaS', 'Retail']
    const tones = ['Formal', 'Friendly', 'Bold', '']
    const problems: string[] = []
    const check = (text: string, industry: string, where: string, noTopic = false) => {
      const prose = text.replace(/(^|\s)#[\p{L}\p{N}]+/gu, ' ')
      const say = (why: string) => problems.push(`${industry} / ${where}: ${why} — ${prose.slice(0, 140)}`)
      // 'The Software mistakes' — an industry is a common noun: lower case unless it opens a sentence.
      const titleCase = industry.split(' ')[0]!
      if (/^\p{Lu}\p{Ll}+$/u.test(titleCase) && new RegExp(`[\\p{Ll},:;] ${industry}\\b`, 'u').test(prose)) say('capitalized mid-sentence')
      if (/\b(\w+(?: \w+)?) in \1\b/i.test(prose)) say("'X in X'")
      if (/\b(\w+) \1\b/i.test(prose)) say('a word twice in a row')
      if (/\bin our (field|industry)\b/i.test(prose)) say("'in our field' although the industry is known")
      if (/\bour work\b(?! on)/i.test(prose)) say("'our work' although the industry is known")
      // Without a topic tag the industry is the setting, not the subject ('How to get started with software').
      if (noTopic && new RegExp(`\\b(about|with|for|handles|rethought|turned|on) ${industry}\\b`, 'i').test(prose)) say('the industry as the topic')
    }
    for (const industry of industries) {
      for (const topic of [null, { title: 'Customer onboarding' }]) {
        for (const tone of tones) {
          const input: IdeaInput = { template: { industries: [industry], tone, audience: 'Operations leads' }, topic, postType: 'poll', seed: tone, count: 10 }
          for (const idea of await generator.ideas(input)) {
            check(`${idea.title}. ${idea.angle} ${idea.hook}`, industry, `idea '${idea.title}'`, !topic)
            const draft = await generator.draft({ ...input, idea })
            check(draft.text, industry, `draft of '${idea.title}'`, !topic)
            if (draft.poll) check(draft.poll.question, industry, 'poll question', !topic)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('reads a stored AI template', () => {
    expect(
      templateInputFrom({ industries: ['Retail'], tone: 'Bold', targetAudience: 'Store owners', instructions: 'Avoid jargon.' })
    ).toEqual({ industries: ['Retail'], tone: 'Bold', audience: 'Store owners', instructions: 'Avoid jargon.' })
  })
})
