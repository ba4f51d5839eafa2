import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { paths } from '@shared/routes'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { forgetSsoPending, takeSsoReturnPath, useCompleteSso } from '@renderer/api/sso'
import { CenteredCard } from '@renderer/components/CenteredCard'

const SSO_MISSING_ANSWER_MESSAGE = 'This address does not carry an answer from your identity provider. Sign in again.'

/** The provider's answer as the server takes it: state with a code or an error, and the issuer. */
function readAnswer(params: URLSearchParams) {
  const state = params.get('state')
  const code = params.get('code')
  const error = params.get('error')
  if (!state || (!code && !error)) return null
  const optional = (key: string) => {
    const value = params.get(key)
    return value ? { [key]: value } : {}
  }
  return { state, ...optional('code'), ...optional('iss'), ...optional('error'), ...optional('error_description') }
}

/**
 * /callback after Continue with SSO: the answer is read once and taken out of the address, sent to
 * the server once (on the desktop through the host, so the session lands in main's cookie jar),
 * and the signed-in user goes where sign-in was asked from (an approve link), else to the dashboard.
 */
export function SsoCallback() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const [answer] = useState(() => readAnswer(params))
  const complete = useCompleteSso()
  const { mutateAsync } = complete
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    if (params.size > 0) setParams({}, { replace: true })
    if (answer === null) {
      forgetSsoPending()
      return
    }
    mutateAsync(answer).then(
      () => void navigate(takeSsoReturnPath() ?? paths.dashboard, { replace: true }),
      () => forgetSsoPending()
    )
  }, [answer, mutateAsync, navigate, params.size, setParams])

  const failure =
    answer === null
      ? SSO_MISSING_ANSWER_MESSAGE
      : complete.isError
        ? isApiError(complete.error)
          ? complete.error.message
          : GENERIC_ERROR_MESSAGE
        : null
  if (failure === null) {
    return (
      <CenteredCard title="Single sign-on">
        <Spinner label="Signing you in…" data-testid="sso-callback-pending" />
      </CenteredCard>
    )
  }
  return (
    <CenteredCard title="Single sign-on">
      <MessageBar intent="error" role="alert" data-testid="sso-callback-error">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
      <Button appearance="primary" onClick={() => void navigate(paths.login, { replace: true })}>
        Back to sign in
      </Button>
    </CenteredCard>
  )
}
