import { useMemo, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import type { PostVersion } from '@shared/domain'
import { hasChanges, wordDiff } from '@shared/rules/wordDiff'
import { usePostVersions } from '@renderer/api/review'
import { ErrorState } from '@renderer/components/ErrorState'
import { ListSkeleton } from '@renderer/components/Skeletons'
import { formatDate } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pickers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  picker: { flexGrow: 1, flexBasis: '240px', minWidth: 0 },
  select: { minWidth: 0, width: '100%', '& select': { minWidth: 0, textOverflow: 'ellipsis' } },
  diff: {
    maxHeight: '50vh',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase400
  },
  removed: { color: tokens.colorPaletteRedForeground1, backgroundColor: tokens.colorPaletteRedBackground1, textDecorationLine: 'line-through' },
  added: { color: tokens.colorPaletteGreenForeground1, backgroundColor: tokens.colorPaletteGreenBackground1, textDecorationLine: 'none' },
  note: { color: tokens.colorNeutralForeground3 }
})

function versionLabel(version: PostVersion, timeZone: string | null, newest: number): string {
  const when = formatDate(version.createdAt, 'dateTimeShort', { timeZone })
  return `Version ${version.revision}${version.revision === newest ? ' (current)' : ''} · ${when} · ${version.savedBy.fullName}`
}

/** What else changed between two versions, beside the text: type, poll, media, page. */
function otherChanges(from: PostVersion, to: PostVersion): string[] {
  const changes: string[] = []
  if (from.type !== to.type) changes.push('post type')
  if (JSON.stringify(from.poll) !== JSON.stringify(to.poll)) changes.push('poll')
  if (from.mediaCount !== to.mediaCount) changes.push('media')
  if ((from.businessPage?.id ?? null) !== (to.businessPage?.id ?? null)) changes.push('who it is posted as')
  return changes
}

function VersionsComparison({ versions, timeZone }: { versions: readonly PostVersion[]; timeZone: string | null }) {
  const styles = useStyles()
  // Newest first: by default the previous version against the current one.
  const newest = versions[0]!.revision
  const [to, setTo] = useState(newest)
  const [from, setFrom] = useState((versions[1] ?? versions[0]!).revision)
  const older = versions.find((v) => v.revision === from)!
  const newer = versions.find((v) => v.revision === to)!
  const parts = useMemo(() => wordDiff(older.text, newer.text), [older.text, newer.text])
  const others = otherChanges(older, newer)
  const options = versions.map((v) => (
    <option key={v.revision} value={v.revision}>
      {versionLabel(v, timeZone, newest)}
    </option>
  ))
  return (
    <>
      <div className={styles.pickers}>
        <Field label="From" className={styles.picker}>
          <Select className={styles.select} value={String(from)} onChange={(_, data) => setFrom(Number(data.value))} data-testid="compare-from">
            {options}
          </Select>
        </Field>
        <Field label="To" className={styles.picker}>
          <Select className={styles.select} value={String(to)} onChange={(_, data) => setTo(Number(data.value))} data-testid="compare-to">
            {options}
          </Select>
        </Field>
      </div>
      {versions.length === 1 ? (
        <Text className={styles.note} data-testid="compare-single">
          This post has one version so far: each saved change of its text, media or poll adds one.
        </Text>
      ) : null}
      <div dir="auto" className={styles.diff} role="region" aria-label={`Changes from version ${from} to version ${to}`} data-testid="version-diff">
        {parts.map((part, index) =>
          part.kind === 'removed' ? (
            <del key={index} className={styles.removed}>
              {part.text}
            </del>
          ) : part.kind === 'added' ? (
            <ins key={index} className={styles.added}>
              {part.text}
            </ins>
          ) : (
            <span key={index}>{part.text}</span>
          )
        )}
      </div>
      {versions.length > 1 ? (
        <Text size={200} className={styles.note} data-testid="compare-summary">
          {hasChanges(parts) ? 'Removed words are struck through in red, added words are green.' : 'The text is the same in both versions.'}
          {others.length > 0 ? ` Also changed: ${others.join(', ')}.` : ''}
        </Text>
      ) : null}
    </>
  )
}

/**
 * Compare versions (issue 13): any two kept revisions of a post, the previous and the current one
 * to begin with, as a word-level diff of their text.
 */
export function CompareVersionsDialog({ postId, timeZone, onClose }: { postId: string; timeZone: string | null; onClose: () => void }) {
  const styles = useStyles()
  const versions = usePostVersions(postId)
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="compare-dialog" aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Compare versions</DialogTitle>
          <DialogContent className={styles.content}>
            {versions.isPending ? <ListSkeleton label="Loading versions…" rows={2} /> : null}
            {versions.isError ? <ErrorState onRetry={() => void versions.refetch()} /> : null}
            {versions.isSuccess && versions.data.versions.length > 0 ? (
              // A newer version arriving (the list read again after an accepted suggestion) starts again from it.
              <VersionsComparison key={versions.data.versions[0]!.revision} versions={versions.data.versions} timeZone={timeZone} />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} data-testid="compare-close">
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
