import type { PostType } from '../../../../shared/domain/enums'
import { clean, type DraftInput, type IdeaInput } from '../ai'
import { inSentence, midSentence, phrase, toneOf, type Tone } from './text'

/** What the patterns are filled with: the topic, industry, audience, tone and post type of a request. */

export interface Ctx {
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

export function industriesOf(input: IdeaInput | DraftInput): string[] {
  return input.template.industries.map((i) => phrase(i, 60)).filter(Boolean)
}

/**
 * Subjects every business has. Without a topic tag an idea takes one of these within the industry
 * ('pricing in software'): 'How to get started with software' is not how anyone writes.
 */
export const EVERYDAY_TOPICS = [
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
export function everydayTopicIn(text: string): string | null {
  const lower = text.toLowerCase()
  return EVERYDAY_TOPICS.find((topic) => lower.includes(topic)) ?? null
}

export function contextFor(input: IdeaInput | DraftInput, industry: string | null, everydayTopic: string | null = null): Ctx {
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
