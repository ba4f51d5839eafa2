import { useEffect } from 'react'
import { Text } from '@fluentui/react-components'
import { useLocation } from 'react-router-dom'
import { ROUTES, paths } from '@shared/routes'
import { CenteredCard } from '@renderer/components/CenteredCard'
import { RouterLink } from '@renderer/components/RouterLink'

/**
 * The registry's `*` route: an address no screen has says so, with a way on, instead of landing on
 * the Dashboard as if the address were right. Bare and public, so it answers signed in or out (the
 * Dashboard link goes through the sign-in gate like any other).
 */
export default function NotFoundPage() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = `${ROUTES.notFound.title} · Pagecrew`
  }, [])
  return (
    <CenteredCard title={ROUTES.notFound.title}>
      <Text data-testid="not-found-message">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </Text>
      <RouterLink to={paths.dashboard} data-testid="not-found-dashboard">
        Go to the Dashboard
      </RouterLink>
    </CenteredCard>
  )
}
