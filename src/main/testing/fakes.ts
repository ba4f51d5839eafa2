import type { Log } from '../services/log'
import type { Timers } from '../services/ports'
import type { SecretBox } from '../services/secret-box'

/** Recording fakes shared by the services' unit tests. */
interface RecordingLog extends Log {
  lines: string[]
}

export function recordingLog(): RecordingLog {
  const lines: string[] = []
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`)
  }
}

export const unavailableSecretBox: SecretBox = {
  isAvailable: () => false,
  encrypt: () => {
    throw new Error('encryption is unavailable')
  },
  decrypt: () => {
    throw new Error('encryption is unavailable')
  }
}

/** Timers driven by hand: `advance(ms)` runs what falls due, in order. */
interface ManualTimers extends Timers {
  advance(ms: number): void
  readonly pending: number
}

export function manualTimers(start = Date.parse('2026-01-01T00:00:00Z')): ManualTimers {
  let now = start
  let nextId = 1
  const due = new Map<number, { at: number; callback: () => void }>()
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++
      due.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout(handle) {
      due.delete(handle as number)
    },
    advance(ms) {
      const until = now + ms
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!next) break
        due.delete(next[0])
        now = next[1].at
        next[1].callback()
      }
      now = until
    },
    get pending() {
      return due.size
    }
  }
}
