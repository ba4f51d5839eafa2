import { useEffect } from 'react'
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useRouteError } from 'react-router-dom'
import { useReload } from '@renderer/host/HostContext'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '100%',
    backgroundColor: tokens.colorNeutralBackground2
  }
})

/** Shown when a screen fails to load or render (for example a chunk missing after an update). */
export function RouteErrorPage() {
  const error = useRouteError()
  const reload = useReload()
  const styles = useStyles()
  useEffect(() => console.error('A screen failed to load.', error), [error])
  return (
    <div className={styles.root} role="alert">
      <Text size={500} weight="semibold">
        Something went wrong. Please try again later.
      </Text>
      <Button appearance="primary" onClick={() => reload()}>
        Reload
      </Button>
    </div>
  )
}
