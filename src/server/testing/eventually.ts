import { vi } from 'vitest'

/**
 * Waits until `check` holds — something another process or the database does in its own time —
 * asking again every `intervalMs` (vitest's waitFor), and fails naming `what` after `timeoutMs`.
 */
export async function eventually(check: () => Promise<boolean>, what: string, { timeoutMs = 5_000, intervalMs = 20 } = {}): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    },
    { timeout: timeoutMs, interval: intervalMs }
  )
}
