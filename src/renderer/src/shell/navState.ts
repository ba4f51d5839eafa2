/** Whether the left navigation is expanded, remembered across launches (docs/architecture.md: it starts expanded). */
const NAV_EXPANDED_KEY = 'navExpanded'

export function readNavExpanded(): boolean {
  try {
    return localStorage.getItem(NAV_EXPANDED_KEY) !== 'false'
  } catch {
    return true
  }
}

export function writeNavExpanded(expanded: boolean) {
  try {
    localStorage.setItem(NAV_EXPANDED_KEY, String(expanded))
  } catch {
    // The choice just does not persist.
  }
}
