import { useState } from 'react'
import { Button, Card, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ERASED_MEMBER_CONTENT, ERASED_MEMBER_CONTENT_LABELS, type ErasedMemberContent } from '@shared/domain/privacy'
import { useOrganizationPrivacy, useUpdateOrganizationPrivacy } from '@renderer/api/privacy'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

function ErasedMemberContentForm({ saved }: { saved: ErasedMemberContent }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateOrganizationPrivacy()
  const [choice, setChoice] = useState<ErasedMemberContent>(saved)
  const save = () =>
    update.mutate(
      { erasedMemberContent: choice },
      {
        onSuccess: () => notify({ title: 'Setting saved ✅', body: 'Erased accounts follow the new setting from now on.' }),
        onError: (error) => notify(failureToast('Setting not saved ⚠️', error))
      }
    )
  return (
    <>
      <RadioGroup value={choice} onChange={(_, d) => setChoice(d.value as ErasedMemberContent)} aria-label="When a member’s account is erased" data-testid="erased-member-content">
        {ERASED_MEMBER_CONTENT.map((value) => (
          <Radio key={value} value={value} label={ERASED_MEMBER_CONTENT_LABELS[value]} data-testid={`erased-member-content-${value}`} />
        ))}
      </RadioGroup>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={update.isPending || choice === saved}
          icon={update.isPending ? <Spinner size="tiny" /> : undefined}
          onClick={save}
          data-testid="erased-member-content-save"
        >
          Save
        </Button>
      </div>
    </>
  )
}

/** Settings → Organization (admins, issue 28): what erasing a member's account does to their posts and comments. */
export function ErasedMemberContentCard() {
  const styles = useStyles()
  const privacy = useOrganizationPrivacy()
  return (
    <Card className={styles.card} data-testid="organization-privacy">
      <h2 className={styles.heading}>When an account is erased</h2>
      <Text>
        A member can delete their account, and admins can erase a member&rsquo;s account. Their personal data always goes; this decides what happens to the posts
        and comments they wrote here.
      </Text>
      {privacy.isPending ? <LoadingState inline label="Loading the setting…" /> : null}
      {privacy.isError ? <ErrorState onRetry={() => void privacy.refetch()} /> : null}
      {privacy.isSuccess ? <ErasedMemberContentForm key={privacy.data.erasedMemberContent} saved={privacy.data.erasedMemberContent} /> : null}
    </Card>
  )
}
