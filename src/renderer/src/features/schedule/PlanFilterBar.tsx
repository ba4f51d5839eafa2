import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { Filter20Regular } from '@fluentui/react-icons'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { ScheduleFilters } from './ScheduleFilters'
import type { FilterName, ScheduleFilters as Filters } from './scheduleState'

interface PlanFilterBarProps {
  filters: Filters
  onChange: (changes: Partial<Record<FilterName, string | null>>) => void
  /** Offer the post statuses among the filters (the plan shows posts). */
  showPostStatuses: boolean
}

/** The Plan's filters; on a phone the five would push the calendar below the fold: they open from a button that counts those set. */
export function PlanFilterBar({ filters, onChange, showPostStatuses }: PlanFilterBarProps) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filterCount = Object.values(filters).filter((value) => value !== undefined).length
  return (
    <>
      {small ? (
        <div>
          <Button icon={<Filter20Regular />} aria-expanded={filtersOpen} onClick={() => setFiltersOpen((open) => !open)} data-testid="schedule-filters-toggle">
            {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
          </Button>
        </div>
      ) : null}
      {!small || filtersOpen ? <ScheduleFilters filters={filters} onChange={onChange} showPostStatuses={showPostStatuses} /> : null}
    </>
  )
}
