import { Suspense, createContext, lazy, useContext, useState, type ReactNode } from 'react'
import type { User } from '@shared/domain'
import { isAdmin } from '@shared/rules'
import { CreateOrganizationDialog } from './CreateOrganizationDialog'

// The administration dialogs load on first use, not with the shell.
const MemberDialog = lazy(async () => ({ default: (await import('@renderer/dialogs/members/MemberDialog')).MemberDialog }))
const TeamDialog = lazy(async () => ({ default: (await import('@renderer/dialogs/teams/TeamDialog')).TeamDialog }))

export type AccountDialog = 'createOrganization' | 'invite' | 'newTeam'

const OpenAccountDialog = createContext<((dialog: AccountDialog) => void) | null>(null)

/** Opens one of the avatar menu's dialogs (inside AccountDialogs). */
export function useOpenAccountDialog(): (dialog: AccountDialog) => void {
  const open = useContext(OpenAccountDialog)
  if (!open) throw new Error('useOpenAccountDialog needs an AccountDialogs around it')
  return open
}

/**
 * The avatar menu's dialogs (create organization, invite, new team), kept by the shell rather than
 * by the menu: the menu moves between the top bar and the phone's bottom bar at 768 px, and a dialog
 * it owned closed with it and lost what was typed when the window was resized across that width.
 */
export function AccountDialogs({ user, children }: { user: User | undefined; children: ReactNode }) {
  const [open, setOpen] = useState<AccountDialog | null>(null)
  const admin = user !== undefined && isAdmin(user)
  const close = () => setOpen(null)
  return (
    <OpenAccountDialog.Provider value={setOpen}>
      {children}
      <CreateOrganizationDialog open={open === 'createOrganization'} onOpenChange={(next) => setOpen(next ? 'createOrganization' : null)} />
      {admin && (open === 'invite' || open === 'newTeam') ? (
        <Suspense fallback={null}>
          <MemberDialog open={open === 'invite'} member={null} onClose={close} />
          <TeamDialog open={open === 'newTeam'} team={null} onClose={close} />
        </Suspense>
      ) : null}
    </OpenAccountDialog.Provider>
  )
}
