import type { JobKind, Lane, RunnerContext } from './types'

/* The kinds' lanes: their timers and runs in flight (docs/architecture.md, "The job runner and the metrics sync"). */

function schedule(ctx: RunnerContext, lane: Lane, ms: number): void {
  const { timers } = ctx
  if (lane.timer !== null) timers.clearTimeout(lane.timer)
  lane.timer = timers.setTimeout(() => {
    lane.timer = null
    return ctx.state.stopped ? undefined : runLane(ctx, lane)
  }, ms)
}

function runLane(ctx: RunnerContext, lane: Lane): Promise<void> {
  const { log, workerId } = ctx
  lane.running = (async () => {
    try {
      while (!ctx.state.stopped && (await lane.kind.run()));
    } catch (error) {
      log(`job ${lane.kind.name} (${workerId}): ${error instanceof Error ? error.message : String(error)}`)
    }
  })().finally(() => {
    lane.running = null
    if (ctx.state.stopped) return
    schedule(ctx, lane, lane.kicked ? 0 : lane.kind.intervalMs)
    lane.kicked = false
  })
  return lane.running
}

export function register(ctx: RunnerContext, kind: JobKind): void {
  const { lanes } = ctx
  if (lanes.has(kind.name)) throw new Error(`job kind ${kind.name} is registered already`)
  const lane: Lane = { kind, timer: null, running: null, kicked: false }
  lanes.set(kind.name, lane)
  if (!ctx.state.stopped) schedule(ctx, lane, 0)
}

export function start(ctx: RunnerContext): void {
  if (!ctx.state.stopped) return
  ctx.state.stopped = false
  for (const lane of ctx.lanes.values()) schedule(ctx, lane, 0)
}

export function kick(ctx: RunnerContext, name: string): void {
  const lane = ctx.lanes.get(name)
  if (ctx.state.stopped || !lane) return
  if (lane.running) lane.kicked = true
  else schedule(ctx, lane, 0)
}

export async function stop(ctx: RunnerContext): Promise<void> {
  const { lanes, timers } = ctx
  ctx.state.stopped = true
  for (const lane of lanes.values()) {
    if (lane.timer !== null) timers.clearTimeout(lane.timer)
    lane.timer = null
    lane.kicked = false
  }
  await Promise.all([...lanes.values()].map((lane) => lane.running))
}
