import { useState } from 'react'

/**
 * The offset of a paged list that goes back to the first page whenever its filters change. `filterKey` is anything
 * that changes with the filters (their JSON): the offset remembers which filters it belongs to.
 */
export function usePageOffset(filterKey: string): [offset: number, setOffset: (offset: number) => void] {
  const [page, setPage] = useState({ key: filterKey, offset: 0 })
  return [page.key === filterKey ? page.offset : 0, (offset) => setPage({ key: filterKey, offset })]
}
