import { useMediaQuery } from '@mantine/hooks'

/** Phones: below Mantine's `sm` breakpoint (48em), where lists become cards and filters fold. */
export const PHONE_QUERY = '(max-width: 47.99em)'

/** True on a phone-width screen, from the first render (the app runs only in a browser). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
}
