import { Text, makeStyles, tokens } from '@fluentui/react-components'
import type { BusinessPage, Organization, User } from '@shared/domain'
import { isAdmin } from '@shared/rules'
import { linkTo } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'

/** Where admins link people (themselves too) to business pages: Members, edit the member, Business pages. */
const MEMBERS_SETTINGS_PATH = linkTo('organizationSettings', { section: 'members' })
/** Named in full up to this many; the rest are counted. */
const NAMED_MAX = 3

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground2 }
})

/** The organization's business pages the user is not linked to, so cannot post as (Post as lists only linked ones). */
export function unlinkedPages(user: Pick<User, 'userOrgBusinessPages'>, organization: Pick<Organization, 'organizationBusinessPages'>): BusinessPage[] {
  const linked = new Set(user.userOrgBusinessPages.map((p) => p.businessPageId))
  return organization.organizationBusinessPages.filter((p) => !linked.has(p.id))
}

/** 'Acme', 'Acme and Beta', 'Acme, Beta and Gamma', 'Acme, Beta, Gamma and 2 more'. */
function pageNames(pages: readonly BusinessPage[]): string {
  const names = pages.slice(0, NAMED_MAX).map((p) => p.linkedInCompanyName)
  const more = pages.length - names.length
  const items = more > 0 ? [...names, `${more} more`] : names
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`
}

/**
 * Under Post as: the organization's business pages the user cannot post as yet, because nobody
 * linked them to those pages (a page added later in Settings → Business pages links nobody; only the
 * page named at onboarding is linked to its admin). Admins link themselves in Members (edit their
 * own entry, Business pages); anyone else asks an admin. Nothing when every page is linked.
 */
export function PostAsHint({ id, user, organization }: { id: string; user: Pick<User, 'userOrgBusinessPages' | 'userOrgSettings'>; organization: Organization }) {
  const styles = useStyles()
  const pages = unlinkedPages(user, organization)
  if (pages.length === 0) return null
  const them = pages.length === 1 ? 'it' : 'them'
  const lead = `You are not linked to ${pageNames(pages)}, so you cannot post as ${them} yet.`
  return (
    <Text id={id} size={200} className={styles.hint} data-testid="post-as-hint">
      {isAdmin(user) ? (
        <>
          {lead} Link yourself in Members: edit your own entry and choose {them} under Business pages.{' '}
          <RouterLink to={MEMBERS_SETTINGS_PATH} inline data-testid="post-as-hint-members">
            Open Members
          </RouterLink>
        </>
      ) : (
        <>
          {lead} Ask an admin of {organization.name} to link you to {them} (Members, Business pages).
        </>
      )}
    </Text>
  )
}
