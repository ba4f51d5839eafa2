/** Where main-process services report what they did and why. Tests pass a recording fake. */
export interface Log {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

export function consoleLog(scope: string): Log {
  const prefix = `[pagecrew:${scope}]`
  return {
    info: (message) => console.info(prefix, message),
    warn: (message) => console.warn(prefix, message),
    error: (message, error) => (error === undefined ? console.error(prefix, message) : console.error(prefix, message, error))
  }
}
