import { afterEach, describe, expect, it, vi } from 'vitest'
import { localDate, localTime } from '@shared/rules/slots'
import { aSlot } from '@renderer/testing/calendarFixtures'
import {
  addDays,
  addMonths,
  dayLabel,
  monthCellLabel,
  monthCellText,
  formatDay,
  instantRange,
  isDateString,
  monthGrid,
  periodTitle,
  shiftPeriod,
  visibleDays,
  weekDays,
  zonedClock
} from './calendarDates'
import { WEEK_MIN_LANE_PX, WEEK_MORE_LANE_PX, laneBox, layoutDay, slotEntry, weekLanes } from './entries'
import { readScheduleParams, writeScheduleParams } from './scheduleState'

describe('calendar days', () => {
  it('checks real calendar days only', () => {
    expect(isDateString('2026-12-01')).toBe(true)
    expect(isDateString('2026-02-29')).toBe(false)
    expect(isDateString('2028-02-29')).toBe(true)
    expect(isDateString('2026-13-01')).toBe(false)
    expect(isDateString('1 Dec')).toBe(false)
    expect(isDateString(null)).toBe(false)
  })

  it('adds days and months as calendar arithmetic', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15')
  })

  it('lays a month out as 6 weeks from the Monday on or before the 1st', () => {
    const grid = monthGrid('2026-12-17')
    expect(grid).toHaveLength(42)
    expect(grid[0]).toBe('2026-11-30') // 1 December 2026 is a Tuesday
    expect(grid[1]).toBe('2026-12-01')
    expect(grid[41]).toBe('2027-01-10')
    // A month starting on a Monday starts the grid on its 1st.
    expect(monthGrid('2026-06-10')[0]).toBe('2026-06-01')
  })

})

// Day names and titles are written in the user's languages (lib/formatDate): here the browser's, pinned.
describe('calendar day names and titles', () => {
  const languages = (...locales: string[]) => vi.stubGlobal('navigator', { languages: locales, language: locales[0] })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('names days for assistive technology', () => {
    languages('en-GB')
    expect(dayLabel('2026-12-01')).toBe('Tuesday, 1 December 2026')
  })

  it('names a month cell’s day with what the cell shows in it (WCAG 2.5.3)', () => {
    languages('en-GB')
    expect([monthCellText('2026-12-09'), monthCellLabel('2026-12-09')]).toEqual(['9', 'Wednesday, 9 December 2026'])
    expect([monthCellText('2026-12-01'), monthCellLabel('2026-12-01')]).toEqual(['1 Dec', '1 Dec, Tuesday, 1 December 2026'])
    languages('en-US')
    expect(monthCellLabel('2026-11-01')).toBe('Nov 1, Sunday, November 1, 2026')
  })

  it('titles months and weeks', () => {
    languages('en-GB')
    expect(periodTitle('month', '2026-12-09')).toBe('December 2026')
    expect(periodTitle('list', '2026-12-09')).toBe('December 2026')
    expect(periodTitle('week', '2026-12-09')).toBe('7 – 13 December 2026')
    expect(periodTitle('week', '2026-12-01')).toBe('30 November – 6 December 2026')
    expect(periodTitle('week', '2026-12-31')).toBe('28 December 2026 – 3 January 2027')
  })

  it('writes them the user’s way in another locale (issue 12)', () => {
    languages('en-US')
    expect(dayLabel('2026-12-01')).toBe('Tuesday, December 1, 2026')
    expect(periodTitle('week', '2026-12-01')).toBe('November 30 – December 6, 2026')
    languages('de-DE', 'en')
    expect(dayLabel('2026-12-01')).toBe('Dienstag, 1. Dezember 2026')
    expect(periodTitle('month', '2026-12-09')).toBe('Dezember 2026')
    expect(periodTitle('week', '2026-12-09')).toBe('7.–13. Dezember 2026')
    expect([formatDay('2026-12-01', 'weekdayShort'), formatDay('2026-12-01', 'dayMonth')]).toEqual(['Di', '1. Dez.'])
  })
})

describe('calendar periods', () => {

  it('moves by a week or a month', () => {
    expect(shiftPeriod('week', '2026-12-01', 1)).toBe('2026-12-08')
    expect(shiftPeriod('month', '2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftPeriod('list', '2026-12-15', -1)).toBe('2026-11-01')
    expect(weekDays('2026-12-06')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'])
  })

  it('asks the server for local midnights in the viewer’s timezone', () => {
    expect(instantRange(visibleDays('month', '2026-12-01'), 'America/Los_Angeles')).toEqual({
      from: '2026-11-30T08:00:00.000Z',
      to: '2027-01-11T08:00:00.000Z'
    })
    // The week of the November DST change: PDT at the start, PST at the end.
    expect(instantRange(visibleDays('week', '2026-10-28'), 'America/Los_Angeles')).toEqual({
      from: '2026-10-26T07:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z'
    })
    expect(instantRange(visibleDays('list', '2026-12-20'), 'Asia/Tokyo')).toEqual({
      from: '2026-11-30T15:00:00.000Z',
      to: '2026-12-31T15:00:00.000Z'
    })
  })
})

describe('zonedClock', () => {
  it('places instants exactly as localDate/localTime do, across DST changes and odd offsets', () => {
    // Each zone's 2026 changes (UTC days), walked every half hour, plus a sweep across the year.
    const changes: Record<string, string[]> = {
      'America/Los_Angeles': ['2026-03-08', '2026-11-01'],
      'Europe/London': ['2026-03-29', '2026-10-25'],
      'Australia/Lord_Howe': ['2026-04-04', '2026-10-03'],
      'America/St_Johns': ['2026-03-08', '2026-11-01'],
      'Pacific/Chatham': ['2026-04-04', '2026-09-26'],
      'Asia/Kathmandu': [],
      UTC: []
    }
    for (const [zone, days] of Object.entries(changes)) {
      const clock = zonedClock(zone)
      const instants: number[] = []
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00.000Z`) - 86_400_000
        for (let t = start; t < start + 3 * 86_400_000; t += 1_800_000) instants.push(t)
      }
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 + 3_700_000) instants.push(t)
      for (const t of instants) {
        const iso = new Date(t).toISOString()
        const placed = clock(iso)
        expect(placed.date, `${zone} ${iso}`).toBe(localDate(iso, zone))
        expect(placed.time, `${zone} ${iso}`).toBe(localTime(iso, zone))
      }
    }
  })

  it('puts 06:30Z on the previous day in Los Angeles', () => {
    expect(zonedClock('America/Los_Angeles')('2026-12-01T06:30:00.000Z')).toEqual({ date: '2026-11-30', time: '22:30', minutes: 22 * 60 + 30 })
  })
})

describe('week layout', () => {
  const clock = zonedClock('UTC')
  const at = (id: string, time: string) => slotEntry(aSlot({ id, time: `2026-12-01T${time}:00.000Z` }), clock)

  it('keeps separate times full width and puts overlapping ones side by side', () => {
    const { placed, overflow } = layoutDay([at('a', '08:00'), at('b', '09:00'), at('c', '09:15'), at('d', '11:00')], 30, 3)
    expect(placed.map((p) => [p.entry.id, p.lane, p.lanes])).toEqual([
      ['slot:a', 0, 1],
      ['slot:b', 0, 2],
      ['slot:c', 1, 2],
      ['slot:d', 0, 1]
    ])
    expect(overflow).toEqual([])
  })

  it('puts what does not fit in three lanes behind a +N at its own time', () => {
    const busy = ['09:00', '09:00', '09:00', '09:00', '09:15', '09:30', '09:30', '09:30', '09:45', '10:00'].map((t, i) => at(String.fromCharCode(97 + i), t))
    const { placed, overflow } = layoutDay(busy, 30, 3)
    expect(placed.map((p) => [p.entry.id, p.lane, p.lanes])).toEqual([
      ['slot:a', 0, 3],
      ['slot:b', 1, 3],
      ['slot:f', 0, 3],
      ['slot:g', 1, 3],
      ['slot:j', 0, 3]
    ])
    expect(overflow.map((o) => [o.minutes, o.lane, o.entries.map((e) => e.id)])).toEqual([
      [540, 2, ['slot:c', 'slot:d', 'slot:e']],
      [570, 2, ['slot:h', 'slot:i']]
    ])
    // Each list holds every entry overlapping its '+N more', those shown beside it too, by time.
    expect(overflow.map((o) => o.all.map((e) => e.id.slice(5)).join(''))).toEqual(['abcdefgh', 'efghij'])
  })

  it('fits as many lanes as a day column holds at the readable minimum width, 2 to 4 (issue 12)', () => {
    expect(WEEK_MIN_LANE_PX).toBeGreaterThanOrEqual(72)
    // 1440 px window: 156 px days. 1920: 225. 2560: 316. Unmeasured, or a phone: 2.
    expect([156, 225, 316, 0, 40, 10_000].map(weekLanes)).toEqual([2, 3, 4, 2, 2, 4])
    for (const width of [144, 200, 216, 288, 400, 1000]) {
      const lanes = weekLanes(width)
      for (let lane = 0; lane < lanes; lane++) expect(laneBox(lane, lanes, false, width).px).toBeGreaterThanOrEqual(WEEK_MIN_LANE_PX)
      for (let lane = 0; lane < lanes - 1; lane++) expect(laneBox(lane, lanes, true, width).px).toBeGreaterThanOrEqual(WEEK_MIN_LANE_PX)
    }
    expect(laneBox(1, 2, false, 156)).toEqual({ left: '50%', width: '50%', px: 78 })
  })

  it('shows the first of six at one time beside one +5 more listing all six, in a 156 px day', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => at(id, '10:30'))
    const { placed, overflow } = layoutDay([...six, at('g', '11:00')], 30, weekLanes(156))
    expect(placed.map((p) => [p.entry.id, p.lane, p.lanes])).toEqual([
      ['slot:a', 0, 2],
      ['slot:g', 0, 1] // 11:00 overlaps none of them: full width
    ])
    expect(overflow).toEqual([{ minutes: 630, lane: 1, lanes: 2, withMore: true, entries: six.slice(1), all: six }])
    // The chip takes what the narrower '+5 more' leaves.
    const rest = `(100% - ${WEEK_MORE_LANE_PX}px)`
    expect(laneBox(0, 2, true, 156)).toEqual({ left: `calc(${rest} * 0 / 1)`, width: `calc(${rest} / 1)`, px: 156 - WEEK_MORE_LANE_PX })
    expect(laneBox(1, 2, true, 156)).toEqual({ left: `calc(100% - ${WEEK_MORE_LANE_PX}px)`, width: `${WEEK_MORE_LANE_PX}px`, px: 60 })
    // Two that overlap by a quarter-hour both show, side by side.
    expect(layoutDay([at('x', '10:30'), at('y', '10:45')], 30, weekLanes(156)).placed.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2]
    ])
  })
})

describe('schedule address', () => {
  it('reads view, day, filters and a slot link, dropping bad values', () => {
    const state = readScheduleParams(new URLSearchParams('view=week&date=2026-12-01&status=MISSED&type=poll&accountId=m1&teamId=t1&slotId=s1'))
    expect(state).toEqual({ view: 'week', date: '2026-12-01', filters: { status: 'MISSED', type: 'poll', accountId: 'm1', teamId: 't1' }, slotId: 's1' })
    expect(readScheduleParams(new URLSearchParams('view=year&date=2026-02-30&status=LATE&type=gif'))).toEqual({
      view: 'month',
      date: null,
      filters: {},
      slotId: null
    })
  })

  it('writes changes and removes cleared keys and the default view', () => {
    const start = new URLSearchParams('view=week&date=2026-12-01&status=OPEN')
    expect(writeScheduleParams(start, { view: 'list', filters: { status: null, type: 'poll' } }).toString()).toBe('view=list&date=2026-12-01&type=poll')
    expect(writeScheduleParams(start, { view: 'month', date: null }).toString()).toBe('status=OPEN')
  })
})
