/**
 * For a number read as one token (a receipt number 'LHS-2026-27-000025', a DSA project number '04-118234'): it never
 * wraps at its hyphens. Its table scrolls sideways when too narrow (ScrollTable, Table.ScrollContainer), and a phone
 * card gives it the card's whole width.
 */
export const ONE_LINE = { whiteSpace: 'nowrap' } as const
