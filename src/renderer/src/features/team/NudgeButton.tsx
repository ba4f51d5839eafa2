import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { AlertUrgent20Regular, Checkmark20Regular } from '@fluentui/react-icons'
import type { EffortMember } from '@shared/domain'
import { useNudgeMember } from '@renderer/api/teamEffort'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

/**
 * Reminds one member who is behind. Each click is one request with its own Idempotency-Key (a
 * repeated delivery of that request notifies once), and a click while one is under way does
 * nothing. Once sent — or when the member was nudged already today, by anyone (the server allows
 * one a day) — the button says Nudged, also after a reload.
 */
export function NudgeButton({ member, month, nudgedToday }: { member: EffortMember['member']; month: string; nudgedToday: boolean }) {
  const nudge = useNudgeMember()
  const notify = useNotify()
  const { running, run } = useSingleFlight()
  const [justSent, setSent] = useState(false)
  const sent = justSent || nudgedToday

  const send = () =>
    void run(() =>
      nudge.mutateAsync({ userId: member.id, month, idempotencyKey: newIdempotencyKey() }).then(
        () => {
          setSent(true)
          notify({ title: 'Nudge sent ✅', body: `${member.fullName} has been reminded of their next post.` })
        },
        (error: unknown) => notify(failureToast('Nudge not sent ⚠️', error))
      )
    )

  return (
    <Button
      size="small"
      icon={sent ? <Checkmark20Regular /> : <AlertUrgent20Regular />}
      disabled={sent || running}
      onClick={send}
      aria-label={sent ? `${member.fullName} nudged` : `Nudge ${member.fullName}`}
      data-testid="nudge"
    >
      {sent ? 'Nudged' : 'Nudge'}
    </Button>
  )
}
