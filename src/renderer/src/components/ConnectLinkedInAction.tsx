import { Link, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { useConnectLinkedIn } from '@renderer/api/linkedin'

const useStyles = makeStyles({
  inlineSpinner: { display: 'inline-flex', verticalAlign: 'middle', marginLeft: tokens.spacingHorizontalXS }
})

/**
 * 'Reconnect' / 'Connect LinkedIn' in a notice: the connect flow itself (api/linkedin.ts), which
 * comes back to this page, not a detour through Settings. The banners and the post editor's bar use it.
 */
export function ConnectLinkedInAction({ label }: { label: string }) {
  const styles = useStyles()
  const { connect, cancel, state } = useConnectLinkedIn()
  if (state === 'waiting') {
    return (
      <>
        Finish connecting in your browser…{' '}
        <Link as="button" inline onClick={cancel}>
          Cancel
        </Link>
      </>
    )
  }
  return (
    <>
      <Link as="button" inline disabled={state === 'starting'} onClick={() => void connect()}>
        {label}
      </Link>
      {state === 'starting' ? <Spinner size="extra-tiny" className={styles.inlineSpinner} aria-label="Starting to connect LinkedIn" /> : null}
    </>
  )
}
