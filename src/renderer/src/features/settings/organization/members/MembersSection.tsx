import { useCallback, useMemo, useState } from 'react'
import { Badge, Button, Caption1, Input, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components'
import { Delete20Regular, Edit20Regular, Mail20Regular, PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons'
import { ROLE_LABELS, type Member } from '@shared/domain'
import { useDeleteMember, useMemberPages } from '@renderer/api/members'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { CONFIRM_TEXTS } from '@renderer/components/ConfirmDialog'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { memberName } from '@renderer/components/memberOptions'
import { VirtualTable, type VirtualColumn } from '@renderer/components/VirtualTable'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { failureToast } from '@renderer/lib/failureToast'
import { MemberDialog } from '@renderer/dialogs/members/MemberDialog'
import { OutboxPanel } from './OutboxPanel'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  spacer: { flexGrow: 1 },
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalL },
  withOutbox: { '@media (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 1fr) 360px' } },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  nameText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM }
})

/** The members list is asked for once typing pauses this long. */
const SEARCH_DELAY_MS = 300

/** The members of the organization: a virtualized table loaded page by page, search, invite, edit and delete. */
export function MembersSection() {
  const styles = useStyles()
  const notify = useNotify()
  const user = useUser()
  const [search, setSearch] = useState('')
  const pages = useMemberPages(useDebouncedValue(search, SEARCH_DELAY_MS))
  const remove = useDeleteMember()
  const [editing, setEditing] = useState<Member | null>(null)
  const [inviting, setInviting] = useState(false)
  const [deleting, setDeleting] = useState<Member | null>(null)
  const [outboxOpen, setOutboxOpen] = useState(false)

  const members = useMemo(() => pages.data?.pages.flatMap((p) => p.members) ?? [], [pages.data])
  const total = pages.data?.pages[0]?.total ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  // On a phone the table keeps to the screen: email under the name, the role with the status, and actions.
  const compact = useMediaQuery(SMALL_SCREEN_QUERY)
  const columns = useMemo<VirtualColumn<Member>[]>(() => {
    // One line each, cut with an ellipsis and whole in the tooltip.
    const line = (text: string, testId?: string, muted = false) => (
      <Text block truncate wrap={false} size={muted ? 200 : undefined} className={muted ? styles.muted : undefined} title={text} data-testid={testId}>
        {text}
      </Text>
    )
    const status = (m: Member) => (
      <Badge appearance="tint" color={m.status === 'ACTIVE' ? 'success' : 'warning'} data-testid="member-status">
        {m.status === 'ACTIVE' ? 'Active' : 'Invited'}
      </Badge>
    )
    const name: VirtualColumn<Member> = {
      id: 'name',
      header: 'Name',
      width: compact ? 'minmax(120px, 1fr)' : 'minmax(180px, 2fr)',
      cell: (m) => (
        <span className={styles.name}>
          <PersonAvatar name={memberName(m)} image={m.image ? { src: m.image } : undefined} size={28} color="colorful" />
          <span className={styles.nameText}>
            {line(`${m.fullName || '—'}${m.id === user.data?.id ? ' (you)' : ''}`, 'member-name')}
            {compact ? line(m.email, 'member-email', true) : null}
          </span>
        </span>
      )
    }
    const actions: VirtualColumn<Member> = {
      id: 'actions',
      header: 'Actions',
      width: '88px',
      cell: (m) => (
        <span className={styles.actions}>
          <Button appearance="subtle" icon={<Edit20Regular />} aria-label={`Edit ${memberName(m)}`} onClick={() => setEditing(m)} data-testid="member-edit" />
          {m.id !== user.data?.id ? (
            <Button appearance="subtle" icon={<Delete20Regular />} aria-label={`Delete ${memberName(m)}`} onClick={() => setDeleting(m)} data-testid="member-delete-row" />
          ) : null}
        </span>
      )
    }
    if (compact) {
      return [
        name,
        {
          id: 'role',
          header: 'Role',
          width: '76px',
          cell: (m) => (
            <span className={styles.nameText}>
              <Text data-testid="member-role-cell">{ROLE_LABELS[m.role]}</Text>
              {m.status === 'ACTIVE' ? null : status(m)}
            </span>
          )
        },
        actions
      ]
    }
    return [
      name,
      { id: 'email', header: 'Email', width: 'minmax(200px, 2fr)', cell: (m) => line(m.email) },
      { id: 'role', header: 'Role', width: '90px', cell: (m) => <Text data-testid="member-role-cell">{ROLE_LABELS[m.role]}</Text> },
      { id: 'status', header: 'Status', width: '90px', cell: status },
      { id: 'target', header: 'Monthly target', width: '110px', cell: (m) => <Text data-testid="member-target-cell">{m.assignedNumberOfPosts}</Text> },
      {
        id: 'teams',
        header: 'Teams',
        width: 'minmax(120px, 1fr)',
        cell: (m) => line(m.teams.map((t) => (t.isLeader ? `${t.name} (leader)` : t.name)).join(', ') || '—')
      },
      { id: 'pages', header: 'Pages', width: 'minmax(120px, 1fr)', cell: (m) => line(m.businessPages.map((p) => p.linkedInCompanyName).join(', ') || '—') },
      actions
    ]
  }, [styles, user.data?.id, compact])

  const closeDialog = useCallback(() => {
    setInviting(false)
    setEditing(null)
  }, [])

  const deleteMember = async () => {
    if (!deleting) return
    const name = memberName(deleting)
    await remove.mutateAsync(deleting.id)
    notify({ title: 'User deleted ✅', body: `${name} has been removed from the organization.` })
  }

  return (
    <section className={styles.root} aria-label="Members" data-testid="members-section">
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          contentBefore={<Search20Regular />}
          placeholder="Search by name or email"
          aria-label="Search members"
          value={search}
          onChange={(_, d) => setSearch(d.value)}
          data-testid="members-search"
        />
        <Caption1 className={styles.muted} data-testid="members-count">
          {pages.isSuccess ? `${total} ${total === 1 ? 'member' : 'members'}` : ''}
        </Caption1>
        <span className={styles.spacer} />
        <ToggleButton icon={<Mail20Regular />} checked={outboxOpen} onClick={() => setOutboxOpen((v) => !v)} data-testid="outbox-toggle">
          Outbox
        </ToggleButton>
        <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => setInviting(true)} data-testid="invite-user">
          Invite user
        </Button>
      </div>
      <div className={outboxOpen ? `${styles.layout} ${styles.withOutbox}` : styles.layout}>
        <div>
          {pages.isPending ? <LoadingState inline label="Loading members…" /> : null}
          {pages.isError ? <ErrorState onRetry={() => void pages.refetch()} /> : null}
          {pages.isSuccess && members.length === 0 ? (
            <EmptyState
              message="No results found"
              hint={search.trim() ? 'Nobody matches this search. Try part of a name or an email.' : undefined}
              action={search.trim() ? { label: 'Clear search', onClick: () => setSearch(''), 'data-testid': 'members-empty-clear' } : undefined}
            />
          ) : null}
          {pages.isSuccess && members.length > 0 ? (
            <>
              <VirtualTable
                rows={members}
                columns={columns}
                getRowId={(m) => m.id}
                label="Members"
                totalRows={total}
                onEndReached={loadMore}
                data-testid="members-table"
                rowTestId={(m) => `member-row-${m.email}`}
              />
              <div className={styles.footer}>
                <Caption1 className={styles.muted}>
                  Showing {members.length} of {total}
                </Caption1>
                {hasNextPage ? (
                  <Button onClick={loadMore} disabled={isFetchingNextPage} data-testid="members-load-more">
                    {isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </div>
        {outboxOpen ? <OutboxPanel /> : null}
      </div>
      <MemberDialog open={inviting || editing !== null} member={editing} onClose={closeDialog} />
      <DeleteConfirm
        open={deleting !== null}
        {...CONFIRM_TEXTS.deleteUser(deleting ? memberName(deleting) : '')}
        onDelete={deleteMember}
        onError={(error) => notify(failureToast('User not deleted ⚠️', error))}
        onClose={() => setDeleting(null)}
        data-testid="delete-user-dialog"
      />
    </section>
  )
}
