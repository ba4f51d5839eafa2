import { useState } from 'react'
import {
  Badge,
  Button,
  Checkbox,
  Field,
  ProgressBar,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { Delete20Regular, Open20Regular } from '@fluentui/react-icons'
import { ROLE_LABELS } from '@shared/domain'
import { GUIDELINE_MAX, GUIDELINE_MESSAGES, type Guideline, type GuidelineReaders } from '@shared/domain/guideline'
import { paths } from '@shared/routes'
import { useGuideline, useGuidelineReaders, useUpdateGuideline } from '@renderer/api/guideline'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { ErrorState } from '@renderer/components/ErrorState'
import { MarkdownEditor } from '@renderer/components/MarkdownEditor'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { RouterLink } from '@renderer/components/RouterLink'
import { ListSkeleton } from '@renderer/components/Skeletons'
import { useLeaveGuard } from '@renderer/components/useLeaveGuard'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import type { CloseQuestion } from '@renderer/components/useUnsavedChangesGuard'
import { isApiError } from '@renderer/api/client'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '960px' },
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  over: { color: tokens.colorPaletteRedForeground1 },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 }
})

/**
 * Admins write the posting guideline in Markdown (with a preview as members see it) and follow who
 * has read the current version. Unsaved text is not lost to a stray click: leaving the section or
 * the screen asks first.
 */
/** Asked before unsaved guideline text is left behind (another section, another screen, closing the tab). */
const LEAVE_QUESTION: CloseQuestion = {
  texts: { title: 'Discard changes?', message: 'Your changes to the guideline are not saved yet.', confirmLabel: 'Discard', cancelLabel: 'Keep editing' },
  'data-testid': 'guideline-leave-confirm'
}

export function GuidelineSection() {
  const guideline = useGuideline()
  if (guideline.isError && !guideline.data) {
    const message = isApiError(guideline.error) && guideline.error.isClientError ? guideline.error.message : undefined
    return <ErrorState message={message} onRetry={() => void guideline.refetch()} />
  }
  if (!guideline.data) return <ListSkeleton label="Loading the posting guideline" rows={4} />
  return <GuidelineEditor saved={guideline.data} />
}

function GuidelineEditor({ saved }: { saved: Guideline }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateGuideline()
  const flight = useSingleFlight()
  const savedText = saved.guideline ?? ''
  const [text, setText] = useState(savedText)
  // The saved text changed (this save, a removal, another admin): untouched text follows it, edits stay.
  const [base, setBase] = useState(savedText)
  if (savedText !== base) {
    setBase(savedText)
    if (text.trim() === base) setText(savedText)
  }
  const [askToReread, setAskToReread] = useState(true)
  const [removing, setRemoving] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const dirty = text.trim() !== savedText
  const tooLong = text.trim().length > GUIDELINE_MAX
  const leave = useLeaveGuard({ active: dirty, question: LEAVE_QUESTION, watch: 'address' })

  const edit = (value: string) => {
    setText(value)
    setError(undefined)
  }

  const save = (next: string) =>
    flight.run(async () => {
      try {
        const result = await update.mutateAsync({ guideline: next, askToReread })
        notify({ title: result.guideline === null ? `${GUIDELINE_MESSAGES.removed} ✅` : `${saved.guideline !== null && askToReread ? GUIDELINE_MESSAGES.savedReread : GUIDELINE_MESSAGES.saved} ✅` })
      } catch (failure) {
        const field = isApiError(failure) ? failure.fields?.guideline : undefined
        if (field) setError(field)
        else notify(failureToast('Guideline not saved ⚠️', failure))
        throw failure
      }
    })

  return (
    <div className={styles.root} data-testid="guideline-section">
      <section className={styles.block} aria-labelledby="guideline-editor-title">
        <Text as="h2" weight="semibold" size={400} id="guideline-editor-title">
          Posting guideline
        </Text>
        <Text className={styles.muted}>
          What your colleagues should know before they post: tone of voice, what to share and what not to. Every member is asked to read it until they confirm, and again
          when you change it.
        </Text>
        <MarkdownEditor label="Guideline" value={text} onChange={edit} validationMessage={error ?? (tooLong ? GUIDELINE_MESSAGES.tooLong : undefined)} testId="guideline" />
        <div className={styles.row}>
          <Text size={200} className={tooLong ? styles.over : styles.muted} aria-live="polite" data-testid="guideline-count">
            {`${text.trim().length.toLocaleString()} / ${GUIDELINE_MAX.toLocaleString()} characters`}
          </Text>
          <span className={styles.grow} />
          {saved.guideline !== null && dirty ? (
            <Checkbox
              checked={askToReread}
              onChange={(_, d) => setAskToReread(d.checked === true)}
              label="Ask every member to read it again"
              data-testid="guideline-reread"
            />
          ) : null}
        </div>
        <div className={styles.row}>
          <Button
            appearance="primary"
            disabled={!dirty || tooLong || flight.running || text.trim() === ''}
            onClick={() => void save(text).catch(() => undefined)}
            data-testid="guideline-save"
          >
            {flight.running ? 'Saving…' : 'Save guideline'}
          </Button>
          {dirty ? (
            <Button onClick={() => edit(savedText)} disabled={flight.running} data-testid="guideline-discard">
              Discard changes
            </Button>
          ) : null}
          {saved.guideline !== null ? (
            <>
              <RouterLink to={paths.guideline}>
                <Open20Regular aria-hidden /> See it as members do
              </RouterLink>
              <span className={styles.grow} />
              <Button icon={<Delete20Regular />} onClick={() => setRemoving(true)} disabled={flight.running} data-testid="guideline-remove">
                Remove guideline
              </Button>
            </>
          ) : null}
        </div>
      </section>
      {saved.guideline !== null ? <Readers /> : null}
      <DeleteConfirm
        open={removing}
        title="Remove guideline"
        message="Remove the posting guideline? Members will no longer see it, and who read it is forgotten."
        confirmLabel="Remove guideline"
        onDelete={async () => {
          await save('')
        }}
        onError={() => undefined}
        onClose={() => setRemoving(false)}
        data-testid="guideline-remove-confirm"
      />
      {leave}
    </div>
  )
}

/** Who has read the current version: a count with a bar, then everyone, those still to read first. */
function Readers() {
  const styles = useStyles()
  const readers = useGuidelineReaders()
  const [onlyUnread, setOnlyUnread] = useState(false)
  if (readers.isError && !readers.data) return <ErrorState onRetry={() => void readers.refetch()} />
  if (!readers.data) return <ListSkeleton label="Loading who has read the guideline" rows={3} />
  const { read, total, rows } = readerRows(readers.data, onlyUnread)
  return (
    <section className={styles.block} aria-labelledby="guideline-readers-title" data-testid="guideline-readers">
      <Text as="h2" weight="semibold" size={400} id="guideline-readers-title">
        Who has read it
      </Text>
      <Field validationMessage={`${read} of ${total} members have read the current version`} validationState="none">
        <ProgressBar value={total === 0 ? 0 : read / total} thickness="large" aria-label="Members who have read the current version" data-testid="guideline-readers-progress" />
      </Field>
      <Switch checked={onlyUnread} onChange={(_, d) => setOnlyUnread(d.checked)} label="Only members who have not read it" data-testid="guideline-only-unread" />
      <Table size="small" aria-label="Who has read the guideline">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Role</TableHeaderCell>
            <TableHeaderCell>Current version</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.userId} data-testid="guideline-reader">
              <TableCell>
                <span className={styles.person}>
                  <PersonAvatar name={r.fullName} image={r.image ? { src: r.image } : undefined} size={24} />
                  <Text truncate wrap={false}>
                    {r.fullName}
                  </Text>
                </span>
              </TableCell>
              <TableCell>{ROLE_LABELS[r.role]}</TableCell>
              <TableCell>
                {r.read && r.readAt ? (
                  <Badge appearance="tint" color="success" data-testid="guideline-reader-read">{`Read ${formatDate(r.readAt, 'date')}`}</Badge>
                ) : (
                  <Badge appearance="tint" color="warning" data-testid="guideline-reader-unread">
                    Not yet
                  </Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length === 0 ? <Text className={styles.muted}>Everyone has read the current version.</Text> : null}
    </section>
  )
}

/** The readers to list: those still to read first (then by name, as the server sorts), with the counts. */
export function readerRows(data: GuidelineReaders, onlyUnread: boolean) {
  const read = data.readers.filter((r) => r.read).length
  const unread = data.readers.filter((r) => !r.read)
  const rows = onlyUnread ? unread : [...unread, ...data.readers.filter((r) => r.read)]
  return { read, total: data.readers.length, rows }
}
