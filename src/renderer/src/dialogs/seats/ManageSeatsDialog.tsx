import { useMemo, useState } from 'react'
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  SearchBox,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Member, Organization } from '@shared/domain'
import { checkSeatChange, seatsToRemove, type SeatChangeProblem } from '@shared/rules'
import { useManageSeats, useOpenBillingPortalLater } from '@renderer/api/billing'
import { useAllMembers } from '@renderer/api/members'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { memberName } from '@renderer/components/memberOptions'
import { BLOCKED_NUMBER_KEYS, MAX_SEATS } from '@renderer/lib/numberInput'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' },
  seats: { maxWidth: '160px' },
  removal: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  removalHeading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '280px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS
  },
  secondary: { color: tokens.colorNeutralForeground3 },
  count: { fontWeight: tokens.fontWeightSemibold }
})

/** Rows the removal list shows at once; typing in its search narrows a large organization. */
const REMOVAL_LIST_LIMIT = 100

const MANAGE_SEATS_TITLE = 'Manage seats'

function selectMembersText(n: number): string {
  return `Select ${n} ${n === 1 ? 'member' : 'members'} to remove`
}

function problemText(problem: SeatChangeProblem | null): string | undefined {
  if (!problem) return undefined
  if (problem.kind === 'below-min') return MESSAGES.seatsBelowMin(problem.minSeats)
  if (problem.kind === 'removal-count') return MESSAGES.seatsRemovalCount(problem.required)
  return MESSAGES.seatsRemovalUnknown
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The seat count is below what the members who cannot be removed take (you, and any the list does not hold). */
function seatsToKeepText(keep: number, removable: number): string {
  return `Keep at least ${plural(keep, 'seat', 'seats')}: only ${plural(removable, 'member', 'members')} can be removed, never yourself.`
}

interface ManageSeatsDialogProps {
  open: boolean
  onClose: () => void
}

/**
 * The manage seats dialog (spec §2, §5, §7): a seat count never below the plan's minSeats; below
 * the user count, exactly (users − seats) members must be picked for removal (never yourself, so
 * never fewer seats than the members who stay), and removing them asks once more, naming them. On
 * success a toast, then the billing portal opens 4000 ms later; on failure a toast, and the dialog
 * keeps what was entered. A FormDialog: one PATCH however fast Update seats or the removal's confirm
 * is clicked twice, carrying the submission's Idempotency-Key; closing waits for its answer.
 */
export function ManageSeatsDialog({ open, onClose }: ManageSeatsDialogProps) {
  return open ? <ManageSeats onClose={onClose} embedded={false} /> : null
}

/**
 * The dialog's title, body and buttons for the blocking seat dialog's surface, which shows them in
 * place rather than opening a second modal.
 */
export function ManageSeatsPanel({ onClose }: { onClose: () => void }) {
  return <ManageSeats onClose={onClose} embedded />
}

function ManageSeats({ onClose, embedded }: { onClose: () => void; embedded: boolean }) {
  const styles = useStyles()
  const organization = useOrganization()
  if (organization.isSuccess) return <ManageSeatsForm key={organization.data.id} organization={organization.data} onClose={onClose} embedded={embedded} />
  const waiting = (
    <DialogBody>
      <DialogTitle>{MANAGE_SEATS_TITLE}</DialogTitle>
      <DialogContent>
        {organization.isPending ? <LoadingState inline label="Loading your seats…" /> : <ErrorState onRetry={() => void organization.refetch()} />}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose} data-testid="manage-seats-cancel">
          Cancel
        </Button>
      </DialogActions>
    </DialogBody>
  )
  return embedded ? (
    waiting
  ) : (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="manage-seats-dialog" aria-describedby={undefined}>
        {waiting}
      </DialogSurface>
    </Dialog>
  )
}

/** The seat count, never below the plan's minimum; keys a number field would take but a count cannot are refused. */
function SeatCountField({ value, minSeats, message, onChange }: { value: string; minSeats: number; message: string | undefined; onChange: (value: string) => void }) {
  const styles = useStyles()
  return (
    <Field
      label="Number of seats"
      required
      hint={`At least ${plural(minSeats, 'seat', 'seats')} on your plan.`}
      validationMessage={message}
    >
      <Input
        className={styles.seats}
        type="number"
        inputMode="numeric"
        min={minSeats}
        max={MAX_SEATS}
        step={1}
        value={value}
        onKeyDown={(event) => {
          if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault()
        }}
        onChange={(_, data) => onChange(data.value)}
        data-testid="manage-seats-quantity"
      />
    </Field>
  )
}

interface SeatRemovalProps {
  /** How many members must go for the seat count. */
  toRemove: number
  /** The members picked for removal, by id. */
  picked: string[]
  members: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> }
  /** The members who can be removed: everyone but you. */
  removable: Member[]
  search: string
  onSearch: (search: string) => void
  onToggle: (member: Member, checked: boolean) => void
  hint: string | undefined
}

/** Below the user count: the members to pick for removal, searchable in a large organization, with how many are picked. */
function SeatRemoval({ toRemove, picked, members, removable, search, onSearch, onToggle, hint }: SeatRemovalProps) {
  const styles = useStyles()
  const term = search.trim().toLowerCase()
  const matching = removable.filter((m) => picked.includes(m.id) || term === '' || memberName(m).toLowerCase().includes(term) || m.email.toLowerCase().includes(term))
  const shown = matching.slice(0, REMOVAL_LIST_LIMIT)
  return (
    <section className={styles.removal} aria-labelledby="seat-removal-heading" data-testid="seat-removal">
      <h3 className={styles.removalHeading} id="seat-removal-heading">
        {selectMembersText(toRemove)}
      </h3>
      <Text className={styles.count} aria-live="polite" data-testid="seat-removal-count">
        {picked.length} of {toRemove} selected
      </Text>
      {members.isPending ? (
        <LoadingState inline label="Loading members…" />
      ) : members.isError ? (
        <ErrorState onRetry={() => void members.refetch()} />
      ) : removable.length === 0 ? (
        <EmptyState message="No results found" />
      ) : (
        <>
          {removable.length > 8 ? (
            <SearchBox
              placeholder="Search members"
              aria-label="Search members"
              value={search}
              onChange={(_, data) => onSearch(data.value)}
              data-testid="seat-removal-search"
            />
          ) : null}
          <div className={styles.list} role="group" aria-label="Members to remove" data-testid="seat-removal-list">
            {shown.length === 0 ? <EmptyState message="No results found" /> : null}
            {shown.map((member) => (
              <Checkbox
                key={member.id}
                checked={picked.includes(member.id)}
                onChange={(_, data) => onToggle(member, data.checked === true)}
                label={
                  <>
                    {memberName(member)}{' '}
                    <span className={styles.secondary}>
                      ({member.email}
                      {member.status === 'INVITED' ? ', invited' : ''})
                    </span>
                  </>
                }
                aria-label={`Remove ${memberName(member)}`}
                data-testid={`seat-removal-${member.id}`}
              />
            ))}
            {matching.length > shown.length ? (
              <Text className={styles.secondary}>{matching.length - shown.length} more: type a name or email to find them.</Text>
            ) : null}
          </div>
        </>
      )}
      {hint ? (
        <Text className={styles.secondary} data-testid="seat-removal-hint">
          {hint}
        </Text>
      ) : null}
    </section>
  )
}

interface SeatsValues {
  quantity: string
  /** Members picked for removal, by id. */
  selected: string[]
}

function ManageSeatsForm({ organization, onClose, embedded }: { organization: Organization; onClose: () => void; embedded: boolean }) {
  const styles = useStyles()
  const notify = useNotify()
  const user = useUser()
  const manageSeats = useManageSeats()
  const openPortalLater = useOpenBillingPortalLater()
  const plan = organization.currentPlan
  const users = organization.users
  const [initial] = useState<SeatsValues>(() => ({ quantity: String(plan.availableSeats), selected: [] }))
  const form = useFormDialog({
    initial,
    onClose,
    // The dialog never asked before closing; a pending change closes it with its answer.
    closeQuestion: null,
    whileSaving: 'block'
  })
  const { quantity, selected } = form.values
  const [search, setSearch] = useState('')
  const [confirmingRemoval, setConfirmingRemoval] = useState(false)

  const seats = quantity.trim() === '' ? Number.NaN : Number(quantity)
  const validQuantity = Number.isInteger(seats) && seats <= MAX_SEATS
  const required = validQuantity ? seatsToRemove(users, seats) : 0
  const members = useAllMembers({ enabled: required > 0 })
  const removable = useMemo(() => (members.data ?? []).filter((m) => m.id !== user.data?.id), [members.data, user.data?.id])
  // You are one of the users and never removable: at most users − 1 can go, or as many as the list holds once it is here.
  const mostRemovable = members.data ? removable.length : Math.max(0, users - 1)
  // The count asked for is one that can be picked: 5 users at 0 seats ask for the 4 others, not 5.
  const toRemove = Math.min(required, mostRemovable)
  // Members picked before the count changed stay picked only while they still have to go.
  const picked = toRemove > 0 ? selected : []
  const problem = validQuantity
    ? checkSeatChange({ newSeatQuantity: seats, minSeats: plan.minSeats, users, memberIdsToCancel: picked })
    : ({ kind: 'below-min', minSeats: plan.minSeats } as const)
  const unchanged = validQuantity && seats === plan.availableSeats && required === 0
  const canConfirm = problem === null && !unchanged
  const quantityMessage = !validQuantity
    ? quantity.trim() === ''
      ? 'Enter a whole number of seats.'
      : seats > MAX_SEATS
        ? `Enter at most ${MAX_SEATS.toLocaleString('en-US')} seats.`
        : 'Enter a whole number of seats.'
    : problem?.kind === 'below-min'
      ? problemText(problem)
      : required > toRemove
        ? seatsToKeepText(users - mostRemovable, mostRemovable)
        : undefined
  // The hint repeats the count the list asks for; when picking all of them is not enough, the seat count says why instead.
  const removalHint = problem?.kind === 'duplicate-removal' || (problem?.kind === 'removal-count' && required === toRemove) ? problemText(problem) : undefined

  const pickedMembers = removable.filter((m) => picked.includes(m.id))

  const toggle = (member: Member, checked: boolean) =>
    form.update((v) => ({ ...v, selected: checked ? [...v.selected.filter((id) => id !== member.id), member.id] : v.selected.filter((id) => id !== member.id) }))

  // mutateAsync, not mutate's callbacks: the answer must reach the toast and the portal even when
  // the refetch after it has already closed what opened this dialog (the seat-overflow dialog).
  const save = async ({ idempotencyKey }: Submission<SeatsValues>) => {
    await manageSeats.mutateAsync({ newSeatQuantity: seats, memberIdsToCancel: picked, idempotencyKey })
    notify({ title: `${MESSAGES.seatsUpdatedTitle} ✅`, body: MESSAGES.seatsUpdatedBody })
    onClose()
    openPortalLater()
  }
  const failed = () => notify({ title: `${MESSAGES.seatsErrorTitle} ⚠️`, body: MESSAGES.seatsErrorBody, intent: 'error' })

  // Removing members loses their data: Update seats asks first, and its Remove button submits.
  const submit = (submission: Submission<SeatsValues>) => (picked.length > 0 ? setConfirmingRemoval(true) : save(submission))

  return (
    <FormDialog
      form={form}
      title={MANAGE_SEATS_TITLE}
      label={MANAGE_SEATS_TITLE}
      onSubmit={submit}
      onError={failed}
      canSubmit={canConfirm}
      submitLabel="Update seats"
      embedded={embedded}
      className={styles.surface}
      testIds={{ dialog: 'manage-seats-dialog', submit: 'manage-seats-confirm', cancel: 'manage-seats-cancel' }}
    >
      <Text data-testid="manage-seats-summary">
        Your organization has {plural(users, 'user', 'users')} and {plural(plan.availableSeats, 'seat', 'seats')}. Each user, invited or
        joined, takes a seat.
      </Text>
      <SeatCountField value={quantity} minSeats={plan.minSeats} message={quantityMessage} onChange={(value) => form.set('quantity', value)} />
      {toRemove > 0 ? (
        <SeatRemoval
          toRemove={toRemove}
          picked={picked}
          members={members}
          removable={removable}
          search={search}
          onSearch={setSearch}
          onToggle={toggle}
          hint={removalHint}
        />
      ) : null}
      {/* Nested in the form's dialog, as it always was. */}
      <ConfirmDialog
        open={confirmingRemoval}
        title="Remove members"
        message={`${pickedMembers.map(memberName).join(', ')} will be removed from the organization and lose access to it. Their posts, slots and settings in it are deleted. This cannot be undone.`}
        confirmLabel={`Remove ${plural(pickedMembers.length, 'member', 'members')} and update seats`}
        destructive
        onConfirm={() => {
          setConfirmingRemoval(false)
          void form.submit(save, failed)
        }}
        onCancel={() => setConfirmingRemoval(false)}
        data-testid="seat-removal-confirm"
      />
    </FormDialog>
  )
}
