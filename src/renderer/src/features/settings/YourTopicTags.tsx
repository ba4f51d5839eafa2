import { Card, makeStyles, tokens } from '@fluentui/react-components'
import { usePostTags } from '@renderer/api/postTags'
import { ErrorState } from '@renderer/components/ErrorState'
import { TagList, useTagListItems } from '@renderer/components/TagList'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/** The topic tags assigned to the user; without any, spec §2's 'Please contact your admin…'. */
export function YourTopicTags({ userId }: { userId: string }) {
  const styles = useStyles()
  const tags = usePostTags({ memberIds: [userId] })
  const items = useTagListItems(tags.data, null)
  return (
    <Card className={styles.card} data-testid="your-topic-tags">
      <h2 className={styles.heading}>Your topic tags</h2>
      {tags.isError ? (
        <ErrorState onRetry={() => void tags.refetch()} />
      ) : (
        <TagList
          items={items}
          loading={tags.isPending}
          emptyMessage="Please contact your admin to add you to a team to use tags."
          label="Your topic tags"
          data-testid="your-tags"
        />
      )}
    </Card>
  )
}
