import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { paths } from '@shared/routes'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import {
  forgetLinkedInReturn,
  linkedInReturnPath,
  useCompleteLinkedInConnection,
  useConnectLinkedIn,
  type CompleteLinkedInBody
} from '@renderer/api/linkedin'
import { useNotify } from '@renderer/lib/toasts'
import { CenteredCard } from '@renderer/components/CenteredCard'
import { useSession } from '@renderer/api/auth'
import { isSsoPending } from '@renderer/api/sso'
import { LoadingState } from '@renderer/components/LoadingState'
import { SsoCallback } from './SsoCallback'

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' }
})

export const MISSING_ANSWER_MESSAGE = 'This address does not carry an answer from LinkedIn. Start connecting again from your settings.'

/** What the provider put in the address: a code or an error, with the state the server issued. */
function readAnswer(params: URLSearchParams): CompleteLinkedInBody | null {
  const state = params.get('state')
  const code = params.get('code')
  const error = params.get('error')
  const errorDescription = params.get('error_description')
  if (!state || (!code && !error)) return null
  return {
    state,
    ...(code ? { code } : {}),
    ...(error ? { error } : {}),
    ...(errorDescription ? { errorDescription } : {})
  }
}

function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE
}

/**
 * /callback: where an identity provider sends the user back, on the web directly and on the
 * desktop through the host's `navigate` event: single sign-on's answer when this tab started one
 * (SsoCallback, no session yet), else LinkedIn's, which needs the session like any signed-in screen.
 */
export default function CallbackPage() {
  const [sso] = useState(isSsoPending)
  return sso ? <SsoCallback /> : <LinkedInCallbackGate />
}

function LinkedInCallbackGate() {
  const session = useSession()
  if (session.isPending) return <LoadingState shape="card" label="Checking your session…" />
  if (session.data === null) return <Navigate to={paths.login} replace />
  return <LinkedInCallback />
}

/**
 * LinkedIn's (or the sandbox's) answer after connecting. The answer is read once and taken out of
 * the address (a reload or a shared screenshot must not replay the code), sent to the server once
 * (strict mode runs effects twice), and then the user is back where they started.
 */
function LinkedInCallback() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const [params, setParams] = useSearchParams()
  const [answer] = useState(() => readAnswer(params))
  const complete = useCompleteLinkedInConnection()
  const { mutateAsync } = complete
  const retry = useConnectLinkedIn()
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    if (params.size > 0) setParams({}, { replace: true })
    if (answer === null) return
    mutateAsync(answer).then(
      (connection) => {
        notify({ title: 'LinkedIn connected ✅', body: connection.memberName ? `Connected as ${connection.memberName}.` : undefined })
        const back = linkedInReturnPath()
        forgetLinkedInReturn()
        void navigate(back, { replace: true })
      },
      () => undefined
    )
  }, [answer, mutateAsync, navigate, notify, params.size, setParams])

  const failure = answer === null ? MISSING_ANSWER_MESSAGE : complete.isError ? failureMessage(complete.error) : null
  if (failure === null) {
    return (
      <CenteredCard title="LinkedIn">
        <Spinner label="Connecting LinkedIn…" data-testid="linkedin-callback-pending" />
      </CenteredCard>
    )
  }

  return (
    <CenteredCard title="LinkedIn">
      <MessageBar intent="error" role="alert" data-testid="linkedin-callback-error">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
      {retry.state === 'waiting' ? (
        <MessageBar intent="info" data-testid="linkedin-waiting">
          <MessageBarBody>Finish connecting in your browser…</MessageBarBody>
          <MessageBarActions>
            <Button onClick={retry.cancel}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button
          onClick={() => {
            forgetLinkedInReturn()
            void navigate(paths.settings)
          }}
        >
          Back to settings
        </Button>
        <Button
          appearance="primary"
          disabled={retry.state !== 'idle'}
          icon={retry.state === 'starting' ? <Spinner size="tiny" /> : undefined}
          onClick={() => void retry.connect()}
        >
          Try again
        </Button>
      </div>
    </CenteredCard>
  )
}
