import { useMemo } from 'react'
import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular, Delete20Regular, Edit20Regular, MoreHorizontal20Regular, PersonDelete20Regular } from '@fluentui/react-icons'
import { ROLE_LABELS, type Member } from '@shared/domain'
import { memberName } from '@renderer/components/memberOptions'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import type { VirtualColumn } from '@renderer/components/VirtualTable'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  nameText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS }
})

interface MemberColumnsOptions {
  /** The viewer: '(you)' after their name, and no Delete on their row. */
  selfId: string | undefined
  onEdit: (member: Member) => void
  onDelete: (member: Member) => void
  /** Each person's data (issue 28): export the organization's rows about them, erase their account. */
  onExport: (member: Member) => void
  onErase: (member: Member) => void
}

/**
 * The members table's columns: name, email, role, status, monthly target, teams, pages and the row's
 * Edit and Delete; on a phone name (with the email), role (with the status) and actions.
 */
export function useMemberColumns({ selfId, onEdit, onDelete, onExport, onErase }: MemberColumnsOptions) {
  const styles = useStyles()
  // On a phone the table keeps to the screen: email under the name, the role with the status, and actions.
  const compact = useMediaQuery(SMALL_SCREEN_QUERY)
  return useMemo<VirtualColumn<Member>[]>(() => {
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
            {line(`${m.fullName || '—'}${m.id === selfId ? ' (you)' : ''}`, 'member-name')}
            {compact ? line(m.email, 'member-email', true) : null}
          </span>
        </span>
      )
    }
    const actions: VirtualColumn<Member> = {
      id: 'actions',
      header: 'Actions',
      width: '124px',
      cell: (m) => (
        <span className={styles.actions}>
          <Button appearance="subtle" icon={<Edit20Regular />} aria-label={`Edit ${memberName(m)}`} onClick={() => onEdit(m)} data-testid="member-edit" />
          {m.id !== selfId ? (
            <Button appearance="subtle" icon={<Delete20Regular />} aria-label={`Delete ${memberName(m)}`} onClick={() => onDelete(m)} data-testid="member-delete-row" />
          ) : null}
          {m.id !== selfId && m.status === 'ACTIVE' ? (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={`More actions for ${memberName(m)}`} data-testid="member-more" />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem icon={<ArrowDownload20Regular />} onClick={() => onExport(m)} data-testid="member-export-data">
                    Export data
                  </MenuItem>
                  <MenuItem icon={<PersonDelete20Regular />} onClick={() => onErase(m)} data-testid="member-erase-account">
                    Erase account
                  </MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
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
  }, [styles, selfId, compact, onEdit, onDelete, onExport, onErase])
}
