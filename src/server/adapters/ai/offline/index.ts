import type { IdeaGenerator } from '../ai'
import { offlineDraft } from './draft'
import { offlineIdeas } from './ideas'

export { toneOf } from './text'

/**
 * The built-in generator: no outside service, the same input and seed always give the same
 * ideas and drafts. It fills a curated library of LinkedIn post patterns (lessons learned, myth vs
 * fact, how-to steps, behind the scenes, customer story, the number that matters, question to the
 * audience, announcement, contrarian take, checklist, mistakes to avoid, what's next) with the
 * template's industries, tone and audience and the slot's topic, audience and post type. It
 * writes English whatever the locale, and does not read the template's free-text instructions.
 *
 * The patterns are in ./patterns.ts, the wording in ./text.ts, the request's context in
 * ./context.ts, seeded randomness in ./random.ts; ./ideas.ts and ./draft.ts put them together.
 */
export function createOfflineGenerator(): IdeaGenerator {
  return {
    kind: 'offline',

    async ideas(input) {
      return offlineIdeas(input)
    },

    async draft(input) {
      return offlineDraft(input)
    }
  }
}
