import { Select } from '@mantine/core'
import type { Cycle } from '@platform/contracts/accruals'
import { useState } from 'react'
import { useCycles } from '../api/accruals'

/**
 * The cycle a screen works on: the one the person chose (or the address named), or else the newest. Returns the cycles query, the chosen
 * cycle and the choice itself (for a Select).
 */
export function useChosenCycle(initialId: string | null = null) {
  const cycles = useCycles()
  const [chosenId, setChosenId] = useState<string | null>(initialId)
  const list = cycles.data ?? []
  const newest = [...list].sort((a, b) => b.fiscalYear.localeCompare(a.fiscalYear))[0] ?? null
  const cycle: Cycle | null = list.find((entry) => String(entry.id) === chosenId) ?? newest
  return { cycles, cycle, chosenId: cycle ? String(cycle.id) : null, setChosenId }
}

/** A choice of close cycle by fiscal year. */
export function CycleSelect({
  cycles,
  value,
  onChange,
  label = 'Fiscal year',
  clearable = false,
  w = 160,
}: {
  cycles: Cycle[]
  value: string | null
  onChange: (value: string | null) => void
  label?: string
  clearable?: boolean
  w?: number
}) {
  const data = [...cycles]
    .sort((a, b) => b.fiscalYear.localeCompare(a.fiscalYear))
    .map((cycle) => ({ value: String(cycle.id), label: cycle.fiscalYear }))
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      allowDeselect={clearable}
      clearable={clearable}
      placeholder={clearable ? 'Every year' : undefined}
      w={w}
    />
  )
}
