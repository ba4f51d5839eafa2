/** happy-dom's own API on its window: media queries (useMediaQuery) follow the size set here. */
interface HappyDomWindow {
  happyDOM?: { setViewport(viewport: { width?: number; height?: number }): void }
}

/** The window's size for one test: small screens are below 768 px (hooks/useMediaQuery). Returns a restore function. */
export function setViewport(width: number, height = 844): () => void {
  const api = (window as unknown as HappyDomWindow).happyDOM
  if (!api) throw new Error('setViewport needs the happy-dom environment')
  const previous = { width: window.innerWidth, height: window.innerHeight }
  api.setViewport({ width, height })
  return () => api.setViewport(previous)
}
