import { makeStyles } from '@fluentui/react-components'

/** Shared by the create and edit modes of the Assign slot modal. */
export const useSlotDialogStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  // A horizontal choice wraps in a narrow window (390 px) instead of running off the dialog's edge.
  choices: { flexWrap: 'wrap' }
})
