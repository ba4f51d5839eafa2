import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Badge, Button, Card, Radio, RadioGroup, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowRepeatAll20Regular, DismissCircle20Regular, Open20Regular } from '@fluentui/react-icons'
import type { Recommendation } from '@shared/domain/recommended'
import { paths } from '@shared/routes'
import { ResharedPost } from '@renderer/components/postPreview/ResharedPost'
import { formatDate } from '@renderer/lib/formatDate'
import { RESHARE_STATUS_LABELS, reshareCountLabel, reshareEditorPath } from './labels'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  note: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    paddingLeft: tokens.spacingHorizontalM
  },
  comments: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Each suggested comment is a card the whole of which chooses it.
  comment: {
    alignSelf: 'stretch',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
    '& label': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
  },
  chosen: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  spacer: { flexGrow: 1 }
})

interface RecommendationCardProps {
  recommendation: Recommendation
  timeZone: string
  onDismiss: (recommendationId: string) => void
}

/**
 * One recommendation for the session user: who recommends it and why, the post, the suggested
 * comments to choose from, and Reshare (the editor, prefilled) or Dismiss; once reshared, the
 * reshare's state and a way to open it.
 */
export function RecommendationCard({ recommendation: r, timeZone, onDismiss }: RecommendationCardProps) {
  const styles = useStyles()
  const navigate = useNavigate()
  const [comment, setComment] = useState(0)
  const recommender = r.createdBy?.fullName ?? 'A former colleague'
  const testId = `recommendation-${r.id}`

  return (
    <Card className={styles.card} data-testid={testId} aria-label={`Recommended by ${recommender}`}>
      <div className={styles.header}>
        <PersonAvatar name={recommender} size={32} color="colorful" aria-hidden />
        <div className={styles.who}>
          <Text weight="semibold">{`${recommender} recommends resharing`}</Text>
          <Text size={200} className={styles.muted}>
            {formatDate(r.createdAt, 'dateShort', { timeZone })}
            {r.endsAt ? ` · until ${formatDate(r.endsAt, 'dateShort', { timeZone })}` : ''}
          </Text>
        </div>
        {r.reshareCount > 0 ? <Badge appearance="tint">{reshareCountLabel(r.reshareCount)}</Badge> : null}
      </div>
      {r.note ? (
        <Text className={styles.note} data-testid={`${testId}-note`}>
          {r.note}
        </Text>
      ) : null}
      <ResharedPost author={r.previewAuthor} text={r.previewText} url={r.linkedInPostUrl} data-testid={`${testId}-post`} />

      {r.myReshare ? (
        <div className={styles.actions} data-testid={`${testId}-mine`}>
          <Badge appearance="filled" color={r.myReshare.status === 'PUBLISHED' ? 'success' : 'informative'}>
            {`You reshared it · ${RESHARE_STATUS_LABELS[r.myReshare.status]}`}
          </Badge>
          <span className={styles.spacer} />
          <Button
            appearance="primary"
            icon={<Open20Regular />}
            onClick={() => void navigate(`${paths.writePost}?postId=${encodeURIComponent(r.myReshare!.postId)}`)}
            data-testid={`${testId}-open-mine`}
          >
            Open my reshare
          </Button>
        </div>
      ) : (
        <>
          {r.suggestedComments.length > 0 ? (
            <RadioGroup
              value={String(comment)}
              onChange={(_, d) => setComment(Number(d.value))}
              aria-label="Suggested comments"
              className={styles.comments}
              data-testid={`${testId}-comments`}
            >
              {r.suggestedComments.map((text, index) => (
                <Radio
                  key={index}
                  value={String(index)}
                  label={text}
                  className={mergeClasses(styles.comment, comment === index && styles.chosen)}
                  data-testid={`${testId}-comment-${index}`}
                />
              ))}
            </RadioGroup>
          ) : null}
          <div className={styles.actions}>
            <Button appearance="subtle" icon={<DismissCircle20Regular />} onClick={() => onDismiss(r.id)} data-testid={`${testId}-dismiss`}>
              Dismiss
            </Button>
            <span className={styles.spacer} />
            <Button
              appearance="primary"
              icon={<ArrowRepeatAll20Regular />}
              onClick={() => void navigate(reshareEditorPath(paths.writePost, r.id, comment))}
              data-testid={`${testId}-reshare`}
            >
              {r.suggestedComments.length > 0 ? 'Reshare with this comment' : 'Reshare'}
            </Button>
          </div>
        </>
      )}
    </Card>
  )
}
