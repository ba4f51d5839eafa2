import { MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import type { User } from '@shared/domain'
import { computeBanners } from '@shared/rules'
import { ConnectLinkedInAction } from '@renderer/components/ConnectLinkedInAction'

export interface LinkedInProblem {
  /** The banners' words: 'You need to connect to LinkedIn.' or 'You need to reconnect to LinkedIn.' */
  message: string
  /** 'Connect LinkedIn' or 'Reconnect': both start the connect flow, which comes back to the editor. */
  actionLabel: string
}

/**
 * Why the user cannot schedule or publish yet, if their LinkedIn connection is the reason: none, or
 * expired. The same rule as the banners (spec §2), so the screen and the banner never disagree; the
 * server refuses the same two cases (docs/architecture.md, "Writing and publishing").
 */
export function linkedInProblem(user: Pick<User, 'isLinkedInConnected' | 'linkedInExpireAt'>, now: Date): LinkedInProblem | null {
  const { isLinkedInConnected, linkedInExpireAt } = user
  const banner = computeBanners({ plan: null, isLinkedInConnected, linkedInExpireAt }, now).find(
    (b) => b.kind === 'linkedin-missing' || b.kind === 'linkedin-expired'
  )
  return banner ? { message: banner.message, actionLabel: banner.kind === 'linkedin-expired' ? 'Reconnect' : 'Connect LinkedIn' } : null
}

/**
 * Under the toolbar while Schedule and Post now wait for a LinkedIn connection: why, and the connect
 * flow itself (the top banner is left out on this page: shared/rules/banners.ts bannersFor).
 */
export function LinkedInRequired({ problem }: { problem: LinkedInProblem }) {
  return (
    <MessageBar intent="warning" data-testid="post-linkedin-required">
      <MessageBarBody>{problem.message} You can schedule and post once you have.</MessageBarBody>
      <MessageBarActions>
        <ConnectLinkedInAction label={problem.actionLabel} />
      </MessageBarActions>
    </MessageBar>
  )
}
