import { Navigate, useSearchParams } from 'react-router-dom'
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { roleOf } from '@shared/rules'
import { paths } from '@shared/routes'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { AiTemplatesSection } from './organization/ai/AiTemplatesSection'
import { ApiKeysSection } from './organization/api/ApiKeysSection'
import { AuditLogSection } from './organization/audit/AuditLogSection'
import { ChatChannelsSection } from './organization/chatChannels/ChatChannelsSection'
import { MembersSection } from './organization/members/MembersSection'
import { SsoSection } from './organization/sso/SsoSection'
import { OrganizationDetails } from './organization/OrganizationDetails'
import { BusinessPagesSection } from './organization/pages/BusinessPagesSection'
import { GuidelineSection } from './organization/guideline/GuidelineSection'
import { SECTION_LABELS, sectionFrom, sectionsFor, type Section } from './organization/sections'
import { TopicTagsSection } from './organization/tags/TopicTagsSection'
import { TeamsSection } from './organization/teams/TeamsSection'
import { WebhooksSection } from './organization/webhooks/WebhooksSection'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // The tabs wrap onto more lines on a narrow screen rather than hide past its edge.
  tabs: { flexWrap: 'wrap' }
})

/**
 * /settings/organization (spec §2, §6): admins (ADMIN and GHOST) run the organization from its
 * sections; team leaders see Teams and Topic tags for their teams; other members go to /settings.
 * The section is deep-linkable as `?section=members|teams|tags|pages|ai|guideline|sso|api|webhooks|chat|audit`.
 */
export default function OrganizationSettingsPage() {
  const styles = useStyles()
  const user = useUser()
  const organization = useOrganization()
  const [params, setParams] = useSearchParams()

  if (user.isPending || organization.isPending) return <LoadingState inline shape="page" label="Loading the organization…" />
  if (user.isError || organization.isError) {
    return <ErrorState onRetry={() => void Promise.all([user.refetch(), organization.refetch()])} />
  }
  const allowed = sectionsFor(user.data)
  const section = sectionFrom(params.get('section'), allowed)
  if (section === null) return <Navigate to={paths.settings} replace />
  const admin = allowed.includes('details')
  const leadingTeamIds = user.data.leadingTeams.map((t) => t.id)

  // A section change is a step of the history: Back returns to the section before (and, from the
  // posting guideline with unsaved text, still asks first).
  const select = (next: Section) => {
    if (next === section) return
    const updated = new URLSearchParams(params)
    if (next === 'details') updated.delete('section')
    else updated.set('section', next)
    setParams(updated)
  }

  return (
    <div className={styles.root}>
      <TabList
        className={styles.tabs}
        selectedValue={section}
        onTabSelect={(_, data) => select(data.value as Section)}
        aria-label="Organization settings"
        data-testid="organization-tabs"
      >
        {allowed.map((s) => (
          <Tab key={s} value={s} data-testid={`organization-tab-${s}`}>
            {SECTION_LABELS[s]}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={SECTION_LABELS[section]}>
        {section === 'details' ? (
          <OrganizationDetails key={organization.data.id} organization={organization.data} canDelete={roleOf(user.data) === 'ADMIN'} />
        ) : null}
        {section === 'members' ? <MembersSection /> : null}
        {section === 'teams' ? <TeamsSection admin={admin} onlyTeamIds={admin ? undefined : leadingTeamIds} /> : null}
        {section === 'tags' ? <TopicTagsSection admin={admin} leadingTeamIds={leadingTeamIds} /> : null}
        {section === 'pages' ? <BusinessPagesSection /> : null}
        {section === 'ai' ? <AiTemplatesSection /> : null}
        {section === 'guideline' ? <GuidelineSection /> : null}
        {section === 'sso' ? <SsoSection /> : null}
        {section === 'api' ? <ApiKeysSection /> : null}
        {section === 'webhooks' ? <WebhooksSection /> : null}
        {section === 'chat' ? <ChatChannelsSection /> : null}
        {section === 'audit' ? <AuditLogSection /> : null}
      </div>
    </div>
  )
}
