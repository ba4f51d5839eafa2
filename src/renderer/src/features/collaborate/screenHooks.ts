import { useEffect, useRef, useState } from 'react'
import type { CollaborateChanges } from './collaborateState'

const SEARCH_PAUSE_MS = 300

/**
 * The search box answers at once; the address (and the request) follow after a pause in typing.
 * What was typed stands until the address's search changes from elsewhere (Clear filters, a link).
 */
export function useTypedSearch(search: string, update: (changes: CollaborateChanges) => void) {
  const [typing, setTyping] = useState({ value: search, from: search })
  const typed = typing.from === search ? typing.value : search
  const setTyped = (value: string) => setTyping({ value, from: search })
  useEffect(() => {
    if (typed === search) return
    const timer = setTimeout(() => update({ search: typed }), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, search, update])
  return [typed, setTyped] as const
}

/**
 * On a narrow window the review takes the list's place and the back button gives it back: focus
 * left on what just disappeared goes to what took its place (the review, or the list's current row).
 * Returns the ref of the element holding both.
 */
export function useFocusAfterSwap(postId: string | null) {
  const layout = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const active = document.activeElement
    const lost = !active || active === document.body || (active instanceof HTMLElement && active.checkVisibility?.() === false)
    if (!lost || !layout.current) return
    const target = postId
      ? layout.current.querySelector<HTMLElement>('[data-testid="review-panel"]')
      : layout.current.querySelector<HTMLElement>('[data-testid="collaborate-row"][tabindex="0"]')
    target?.focus()
  }, [postId])
  return layout
}
