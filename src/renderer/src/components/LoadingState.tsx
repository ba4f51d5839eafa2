import { Spinner, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
    padding: tokens.spacingVerticalXXL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2
  },
  inline: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXL }
})

/** A centred spinner for a whole page or section that is loading. */
export function LoadingState({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  const styles = useStyles()
  return (
    <div className={inline ? styles.inline : styles.root} role="status">
      <Spinner label={label} />
    </div>
  )
}
