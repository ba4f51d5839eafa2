import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import type { RunningTestServer } from '../../../src/server/testing/harness'

import { CHUNK } from './seed'

interface SeedSlotsOptions {
  organizationId: string
  createdById: string
  assigneeIds: readonly string[]
  /** The instants to put slots at, one slot each (assignees taken in turn). */
  times: readonly Date[]
  /** Every n-th slot is a business page slot for this page (none when absent). */
  businessPage?: { id: string; every: number }
  /** Topic tags to hand out in turn (created here), e.g. 5. */
  tags?: number
}

/**
 * Assigned slots straight into the database (drizzle inserts), for scale tests that must not wait
 * for thousands of API calls. Each slot is its own series of one.
 */
export async function seedSlots(server: RunningTestServer, options: SeedSlotsOptions): Promise<number> {
  const { assignedSlots, assignedSlotPages, postTags } = await import('../../../src/server/db/schema')
  const now = new Date()
  const colors = ['#0f6cbd', '#c50f1f', '#107c10', '#8764b8', '#ca5010']
  const tagIds = Array.from({ length: options.tags ?? 0 }, () => randomUUID())
  if (tagIds.length > 0) {
    await server.db.insert(postTags).values(
      tagIds.map((id, i) => ({ id, organizationId: options.organizationId, title: `Bench tag ${i + 1}`, color: colors[i % colors.length]!, createdAt: now, updatedAt: now }))
    )
  }
  const postTypes = ['textOnly', 'images', 'videos', 'poll', 'document', 'multiImage'] as const
  const rows = options.times.map((time, i) => {
    const id = randomUUID()
    const onPage = options.businessPage !== undefined && i % options.businessPage.every === 0
    return {
      id,
      organizationId: options.organizationId,
      seriesId: id,
      occurrence: 0,
      assigneeId: options.assigneeIds[i % options.assigneeIds.length]!,
      time,
      timezone: 'UTC',
      comment: `Benchmark slot ${i}`,
      isBusinessPageSlot: onPage,
      tagId: !onPage && tagIds.length > 0 ? tagIds[i % tagIds.length]! : null,
      postType: postTypes[i % postTypes.length]!,
      createdById: options.createdById,
      createdAt: now,
      updatedAt: now
    }
  })
  for (let i = 0; i < rows.length; i += CHUNK) await server.db.insert(assignedSlots).values(rows.slice(i, i + CHUNK))
  if (options.businessPage) {
    const links = rows.filter((r) => r.isBusinessPageSlot).map((r) => ({ slotId: r.id, businessPageId: options.businessPage!.id, organizationId: options.organizationId }))
    for (let i = 0; i < links.length; i += CHUNK) await server.db.insert(assignedSlotPages).values(links.slice(i, i + CHUNK))
  }
  return rows.length
}

/** The organization's first business page (onboarding makes one), or null. */
export async function firstBusinessPageId(server: RunningTestServer, organizationId: string): Promise<string | null> {
  const { businessPages } = await import('../../../src/server/db/schema')
  const [page] = await server.db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.organizationId, organizationId)).limit(1)
  return page?.id ?? null
}

export interface PlanTiming {
  /** Navigation start to the view drawn with its data (the page's performance mark). */
  markMs: number
  /** The same as Playwright saw it, from page.goto to the ready marker. */
  wallMs: number
  /** The view's data request (GET /api/schedule/calendar, or GET /api/schedule for the list), start to last byte. */
  apiMs: number
  /** From the data's last byte to the view drawn: parsing, placing and rendering in the renderer. */
  drawMs: number
}

/**
 * Opens a Plan address and waits until the view has drawn its data (data-ready="true" on
 * [data-testid=schedule-<view>]), and says how long that took and where the time went.
 */
export async function openPlanAndTime(page: Page, url: string, view: 'month' | 'week' | 'list'): Promise<PlanTiming> {
  const started = Date.now()
  await page.goto(url)
  await page.locator(`[data-testid="schedule-${view}"][data-ready="true"]`).waitFor({ timeout: 30_000 })
  const wallMs = Date.now() - started
  const timing = await page.evaluate(
    ({ mark, api }) => {
      const ready = performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN
      const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.includes(api) && e.responseEnd <= ready)
        .at(-1)
      return {
        markMs: ready,
        apiMs: request ? request.responseEnd - request.startTime : Number.NaN,
        drawMs: request ? ready - request.responseEnd : Number.NaN
      }
    },
    { mark: `pagecrew:schedule-${view}-ready`, api: view === 'list' ? '/api/schedule?' : '/api/schedule/calendar?' }
  )
  return { markMs: Math.round(timing.markMs), wallMs, apiMs: Math.round(timing.apiMs), drawMs: Math.round(timing.drawMs) }
}
