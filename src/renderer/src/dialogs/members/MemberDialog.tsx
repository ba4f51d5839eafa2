import { useMemo, useState } from 'react'
import { Button, Field, Input, Select, makeStyles } from '@fluentui/react-components'
import { ROLE_LABELS, type Member, type Role } from '@shared/domain'
import { grantableRoles, hasEntitlement, isValidEmail, roleOf } from '@shared/rules'
import { useEntitlements } from '@renderer/api/entitlements'
import { useDeleteMember, useInviteMember, useUpdateMember } from '@renderer/api/members'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { CONFIRM_TEXTS } from '@renderer/components/ConfirmDialog'
import { DeleteConfirm, FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { memberName } from '@renderer/components/memberOptions'
import { failureToast } from '@renderer/lib/failureToast'
import { invitationFailure, memberUpdateFailure } from './memberErrors'
import { canSubmitMemberForm, initialMemberForm, isMemberFormDirty, memberUpdateBody, selectedBusinessPages, type MemberForm } from './memberForm'
import { MemberTagsAndPages, MemberTargetFields } from './MemberFields'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' }
})

interface MemberDialogProps {
  open: boolean
  /** The member to edit; null invites someone new. */
  member: Member | null
  onClose: () => void
}

/**
 * The Invite/Edit user dialog (spec §2, §4-§6, §8). Mounted per open so every open starts from the
 * member's saved values.
 */
export function MemberDialog({ open, member, onClose }: MemberDialogProps) {
  return open ? <MemberDialogContent key={member?.id ?? 'invite'} member={member} onClose={onClose} /> : null
}

function MemberDialogContent({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const user = useUser()
  const entitlements = useEntitlements()
  const invite = useInviteMember()
  const update = useUpdateMember()
  const remove = useDeleteMember()
  const initial = useMemo(() => initialMemberForm(member), [member])
  // A pending delete makes the dialog busy: Save waits and closing is not guarded (spec §4).
  const form = useFormDialog({ initial, onClose, isDirty: isMemberFormDirty, busy: remove.isPending })
  const { values, set } = form
  const [confirmingDelete, setConfirmingDelete] = useState(false)

  const inviting = member === null
  const invited = inviting || member.status === 'INVITED'
  const self = member !== null && user.data?.id === member.id
  const viewerIsGhost = user.data ? roleOf(user.data) === 'GHOST' : false
  const owned = entitlements.data ?? []
  // Spec §6: GHOST only with the GHOST_ROLE entitlement.
  const offered: Role[] = hasEntitlement(owned, 'GHOST_ROLE') || member?.role === 'GHOST' ? ['ADMIN', 'MEMBER', 'GHOST'] : ['ADMIN', 'MEMBER']
  // A ghost invites MEMBERs only (the server's rule, roleGrantRefusal); an edit keeps showing the member's role.
  const roles = inviting && user.data ? offered.filter((role) => grantableRoles(roleOf(user.data!), 'invite').includes(role)) : offered
  // The review-flow toggle shows whatever the plan (docs/architecture.md, "Review-flow toggle"): spec §6 shows it while
  // REVIEW_FLOW is absent, and with REVIEW_FLOW held it is where admins turn approval on. Without
  // the entitlement the setting is kept and takes effect once the plan includes it.
  const reviewFlowMissing = entitlements.isSuccess && !hasEntitlement(owned, 'REVIEW_FLOW')
  const emailValid = isValidEmail(values.email.trim())

  const submit = async ({ values, idempotencyKey }: Submission<MemberForm>) => {
    if (inviting) {
      const email = values.email.trim().toLowerCase()
      const invitation = await invite.mutateAsync({ email, role: values.role, idempotencyKey })
      const pages = selectedBusinessPages(values.businessPages)
      if (values.postTags.length > 0 || pages) {
        // The invitation went out: a failure here is told, and the dialog closes all the same.
        try {
          await update.mutateAsync({ userId: invitation.member.id, postTags: values.postTags, selectedBusinessPages: pages })
        } catch (error) {
          notify(memberUpdateFailure(error))
          onClose()
          return
        }
      }
      notify({ title: 'Invitation sent ✅', body: `We emailed a join link to ${email}.` })
      onClose()
      return
    }
    await update.mutateAsync(memberUpdateBody(member, values))
    notify({ title: 'User updated ✅', body: `${memberName(member)} has been updated.` })
    onClose()
  }

  const deleteMember = async () => {
    if (!member) return
    await remove.mutateAsync(member.id)
    notify({ title: 'User deleted ✅', body: `${memberName(member)} has been removed from the organization.` })
    onClose()
  }

  return (
    <>
      <FormDialog
        form={form}
        title={inviting ? 'Invite user' : `Edit ${memberName(member)}`}
        label={inviting ? 'Invite user' : 'Edit user'}
        onSubmit={submit}
        onError={(error) => notify(inviting ? invitationFailure(error) : memberUpdateFailure(error))}
        canSubmit={canSubmitMemberForm(values)}
        submitLabel={inviting ? 'Invite' : 'Save'}
        startActions={
          !inviting && !self ? (
            <Button appearance="subtle" onClick={() => setConfirmingDelete(true)} disabled={form.busy} data-testid="member-delete">
              Delete user
            </Button>
          ) : null
        }
        className={styles.surface}
        testIds={{ dialog: 'member-dialog', submit: 'member-submit', cancel: 'member-cancel' }}
      >
        <Field
          label="Email"
          required
          validationMessage={values.email.trim() !== '' && !emailValid ? 'Enter an email like name@company.com, without spaces.' : undefined}
          hint={!inviting && !invited ? 'The email of a member who has joined cannot be changed here.' : undefined}
        >
          <Input
            type="email"
            value={values.email}
            onChange={(_, d) => set('email', d.value)}
            disabled={!invited}
            autoFocus={inviting}
            maxLength={320}
            data-testid="member-email"
          />
        </Field>
        <Field label="Role" hint={viewerIsGhost && !inviting ? 'A ghost user cannot change roles.' : undefined}>
          <Select value={values.role} onChange={(_, d) => set('role', d.value as Role)} disabled={viewerIsGhost && !inviting} data-testid="member-role">
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </Field>
        <MemberTargetFields values={values} set={set} invited={invited} reviewFlowMissing={reviewFlowMissing} />
        <MemberTagsAndPages values={values} set={set} />
      </FormDialog>
      <DeleteConfirm
        open={confirmingDelete}
        {...CONFIRM_TEXTS.deleteUser(member ? memberName(member) : '')}
        onDelete={deleteMember}
        onError={(error) => notify(failureToast('User not deleted ⚠️', error))}
        onClose={() => setConfirmingDelete(false)}
        data-testid="delete-user-dialog"
      />
    </>
  )
}
