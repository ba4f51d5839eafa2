import { RECOMMENDED_MESSAGES } from '@shared/domain/recommended'
import { parseLinkedInPostUrl } from '@shared/rules/linkedInPosts'

/** The shared address rule's verdict as the dialog shows it while the address is typed: null when the server will take it. */
export function linkedInPostUrlProblem(address: string): string | null {
  return parseLinkedInPostUrl(address.trim()) ? null : RECOMMENDED_MESSAGES.urlInvalid
}
