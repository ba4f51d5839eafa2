import { useState } from 'react'
import { Body1, Button, Caption1, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Sparkle20Regular } from '@fluentui/react-icons'
import type { Draft, Idea } from '@shared/domain/entities'
import type { PostType } from '@shared/domain/enums'
import { useGenerateDraft, useGenerateIdeas } from '@renderer/api/ai'
import { isApiError } from '@renderer/api/client'
import { useEntitlements } from '@renderer/api/entitlements'
import { useNotify, type ToastTitleText } from '@renderer/lib/toasts'
import { failureToast } from '@renderer/lib/failureToast'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { flexGrow: 1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  usage: { color: tokens.colorNeutralForeground3 },
  ideas: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  idea: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1
  },
  hook: { fontStyle: 'italic', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

/** 'N of M AI generations used this month'; a limit of 0 is an unlimited plan (spec §4). */
export function aiUsageText(used: number, limit: number): string {
  if (limit === 0) return `${used} AI ${used === 1 ? 'generation' : 'generations'} used this month (unlimited)`
  return `${used} of ${limit} AI generations used this month`
}

/** A new seed per request, so 'More ideas' never answers the same list again. */
function newSeed(): string {
  return Math.random().toString(36).slice(2, 10)
}

/**
 * AI ideas for the post being written (issue 6): ideas from the organization's AI template, the
 * slot's topic tag and audience and the post type, then a draft written from the chosen one.
 * Every request counts toward GENERATE_IDEAS_PER_MONTH; over the plan's limit the API client opens
 * the plan dialog (402), so no second message is shown for it.
 */
export function AiIdeasPanel(props: { postType: PostType; slotId?: string; businessPageId?: string; onUseDraft: (draft: Draft) => void; disabled?: boolean }) {
  const { postType, slotId, businessPageId, onUseDraft, disabled = false } = props
  const styles = useStyles()
  const notify = useNotify()
  const generateIdeas = useGenerateIdeas()
  const generateDraft = useGenerateDraft()
  const usage = useEntitlements().data?.find((e) => e.lookupKey === 'GENERATE_IDEAS_PER_MONTH')
  const [ideas, setIdeas] = useState<Idea[] | null>(null)
  const [writing, setWriting] = useState<Idea | null>(null)

  const context = { postType, ...(slotId ? { slotId } : {}), ...(businessPageId ? { businessPageId } : {}) }
  const failed = (title: ToastTitleText) => (error: unknown) => {
    if (!isApiError(error, 402)) notify(failureToast(title, error))
  }
  const busy = generateIdeas.isPending || generateDraft.isPending

  const generate = () =>
    generateIdeas.mutate({ ...context, seed: newSeed() }, { onSuccess: (result) => setIdeas(result.ideas), onError: failed('Ideas not generated ⚠️') })

  const write = (idea: Idea) => {
    setWriting(idea)
    generateDraft.mutate(
      { ...context, idea },
      { onSuccess: (result) => onUseDraft(result.draft), onError: failed('Draft not written ⚠️'), onSettled: () => setWriting(null) }
    )
  }

  return (
    <section className={styles.root} aria-label="AI ideas" aria-busy={busy} data-testid="ai-ideas-panel">
      <div className={styles.header}>
        <Subtitle2 className={styles.title}>
          <Sparkle20Regular /> AI ideas
        </Subtitle2>
        <Button
          appearance={ideas ? 'secondary' : 'primary'}
          icon={generateIdeas.isPending ? <Spinner size="tiny" /> : <Sparkle20Regular />}
          disabled={disabled || busy}
          onClick={generate}
        >
          {ideas ? 'More ideas' : 'Generate ideas'}
        </Button>
      </div>
      {usage ? (
        <Caption1 className={styles.usage} data-testid="ai-usage">
          {aiUsageText(usage.currentUsage, usage.limit)}
        </Caption1>
      ) : null}
      {generateIdeas.isPending ? <Spinner size="small" label="Generating ideas…" /> : null}
      {ideas && ideas.length === 0 ? <Body1>No ideas this time. Try again for more.</Body1> : null}
      {ideas && ideas.length > 0 ? (
        <ul className={styles.ideas} aria-label="Ideas">
          {ideas.map((idea, index) => (
            <li key={`${index}:${idea.title}`} className={styles.idea} data-testid="ai-idea">
              <Text weight="semibold">{idea.title}</Text>
              <Body1>{idea.angle}</Body1>
              <Body1 className={styles.hook}>“{idea.hook}”</Body1>
              <div className={styles.actions}>
                <Button
                  size="small"
                  icon={writing === idea ? <Spinner size="extra-tiny" /> : undefined}
                  disabled={disabled || busy}
                  aria-label={`Write a draft: ${idea.title}`}
                  onClick={() => write(idea)}
                >
                  {writing === idea ? 'Writing…' : 'Write a draft'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
