import { useState } from 'react'
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { paths } from '@shared/routes'
import { useLogoutEverywhere } from '@renderer/api/user'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useReload } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

export const SIGN_OUT_EVERYWHERE_TEXTS = {
  title: 'Sign out everywhere?',
  message: 'You will be signed out on every device and browser, this one included, and need your password to sign in again.',
  confirmLabel: 'Sign out everywhere',
  failedTitle: 'Not signed out ⚠️'
} as const

/**
 * Settings → Sign out everywhere (issue 12): after a confirmation, every session of the user ends,
 * this one too, and the app reloads at /login as Log out does (which drops every cached query).
 */
export function SignOutEverywhereCard() {
  const styles = useStyles()
  const notify = useNotify()
  const reload = useReload()
  const logoutEverywhere = useLogoutEverywhere()
  const [confirming, setConfirming] = useState(false)

  const confirm = async () => {
    try {
      await logoutEverywhere.mutateAsync()
    } catch (error) {
      setConfirming(false)
      notify(failureToast(SIGN_OUT_EVERYWHERE_TEXTS.failedTitle, error))
      return
    }
    reload(paths.login)
  }

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>Sessions</h2>
      <Text>Signed in on a computer you no longer use, or lost a device? Sign out on every device at once.</Text>
      <div className={styles.actions}>
        <Button onClick={() => setConfirming(true)} data-testid="sign-out-everywhere">
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={SIGN_OUT_EVERYWHERE_TEXTS.title}
        message={SIGN_OUT_EVERYWHERE_TEXTS.message}
        confirmLabel={SIGN_OUT_EVERYWHERE_TEXTS.confirmLabel}
        destructive
        busy={logoutEverywhere.isSuccess}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        data-testid="sign-out-everywhere-confirm"
      />
    </Card>
  )
}
