import { useState } from 'react'
import { Button, Card, CardFooter, CardHeader, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { AcademyArticle } from '@shared/domain/academy'
import { Markdown } from '@renderer/components/Markdown'
import { minutesLabel } from './academyUi'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  grow: { flexGrow: 1 },
  surface: { maxWidth: '760px', width: '100%' },
  reading: { maxWidth: '70ch' }
})

/** Short articles; each opens in a reading dialog. */
export function ArticlesSection({ articles }: { articles: AcademyArticle[] }) {
  const styles = useStyles()
  const [reading, setReading] = useState<AcademyArticle | null>(null)
  return (
    <>
      <div className={styles.grid} data-testid="academy-articles">
        {articles.map((article) => (
          <Card key={article.slug} className={styles.card} data-testid="academy-article">
            <CardHeader
              header={
                <Text as="h3" weight="semibold">
                  {article.title}
                </Text>
              }
              description={<Text size={200} className={styles.muted}>{minutesLabel(article.minutes)} read</Text>}
            />
            <Text className={styles.grow}>{article.summary}</Text>
            <CardFooter>
              <Button onClick={() => setReading(article)} data-testid="academy-article-read">
                Read
              </Button>
            </CardFooter>
          </Card>
        ))}
      </div>
      {reading ? (
        <Dialog open onOpenChange={(_, data) => (data.open ? undefined : setReading(null))}>
          <DialogSurface className={styles.surface} data-testid="academy-article-dialog" aria-describedby={undefined}>
            <DialogBody>
              <DialogTitle>{reading.title}</DialogTitle>
              <DialogContent>
                <Markdown className={styles.reading} data-testid="academy-article-body">
                  {reading.markdown}
                </Markdown>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => setReading(null)}>
                  Close
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  )
}
