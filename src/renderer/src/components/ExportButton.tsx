import { Button } from '@fluentui/react-components'
import { ArrowDownload16Regular } from '@fluentui/react-icons'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

/** Export CSV: a table's rows as the server streams them with the filters on screen (Analytics, the audit log). */
export function ExportButton({ onExport, 'data-testid': testId }: { onExport: () => Promise<boolean>; 'data-testid': string }) {
  const notify = useNotify()
  const { run, running } = useSingleFlight()
  return (
    <Button
      size="small"
      icon={<ArrowDownload16Regular />}
      disabled={running}
      onClick={() =>
        void run(async () => {
          try {
            await onExport()
          } catch (error) {
            notify(failureToast('Export failed ⚠️', error))
          }
        })
      }
      data-testid={testId}
    >
      Export CSV
    </Button>
  )
}
