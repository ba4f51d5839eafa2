import content from 'virtual:academy-content'
import { academyContentFromData, type AcademyContent } from './model'

export * from './model'

let loaded: AcademyContent | null = null

/** The shipped content, checked and parsed by the build (./parse.ts); made into objects on first use and kept. */
export function academyContent(): AcademyContent {
  loaded ??= academyContentFromData(content)
  return loaded
}
