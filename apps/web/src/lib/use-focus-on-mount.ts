import { useEffect, useRef } from 'react'

/**
 * A ref whose element takes the focus when it first appears: screen reader and keyboard users land on the new
 * state (a heading with tabIndex -1) instead of on a control that just disappeared.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
