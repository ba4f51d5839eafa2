import type { ReactNode } from 'react'
import { Link } from '@fluentui/react-components'
import { useHref, useLinkClickHandler } from 'react-router-dom'

interface RouterLinkProps {
  to: string
  children: ReactNode
  inline?: boolean
  className?: string
  /** 'auto' for a link whose text is a post's, which may be Arabic or Hebrew. */
  dir?: 'auto' | 'ltr' | 'rtl'
  'data-testid'?: string
}

/** A Fluent link that navigates inside the app (a real href, so middle-click and keyboard work). */
export function RouterLink({ to, children, ...props }: RouterLinkProps) {
  const href = useHref(to)
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to)
  return (
    <Link {...props} href={href} onClick={(event: React.MouseEvent<HTMLAnchorElement>) => handleClick(event)}>
      {children}
    </Link>
  )
}
