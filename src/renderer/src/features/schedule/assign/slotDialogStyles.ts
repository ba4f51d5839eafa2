import { makeStyles, tokens } from '@fluentui/react-components'

/** Shared by the create and edit modes of the Assign slot modal. */
export const useSlotDialogStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 }
})
