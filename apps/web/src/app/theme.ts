import {
  createTheme,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  Notification,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core'

/** Hues whose darkest shade still falls below 4.5:1 on their palest: their light variant takes near-black text. */
const PALE_HUES = new Set(['green', 'lime', 'yellow', 'orange'])

/**
 * The light variant (badges, alerts, buttons) on every colour: the colour's palest shade behind its darkest text,
 * whatever shade a component names ('yellow.9' would otherwise put yellow text on a yellow wash). One rule, so every
 * screen, the fiscal ones included, gets readable light badges.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input)
  if (input.variant !== 'light' && input.variant !== 'outline' && input.variant !== 'filled') return resolved
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme })
  if (!parsed.isThemeColor) return resolved
  if (input.variant === 'filled') {
    // White on any shade of the pale hues stays under 4.5:1 (orange.8 3.6:1, green.9 4.4:1): a filled button or
    // badge of theirs takes near-black text on a mid shade instead. The other hues keep Mantine's filled colours.
    if (!PALE_HUES.has(parsed.color)) return resolved
    return {
      ...resolved,
      background: `var(--mantine-color-${parsed.color}-4)`,
      hover: `var(--mantine-color-${parsed.color}-5)`,
      color: 'var(--mantine-color-dark-8)',
    }
  }
  if (input.variant === 'outline') {
    // An outline's text sits on the page itself (white or the grey wash): shade 8 of red is 4.3:1 on the wash, orange
    // 3.4:1. The text takes the darkest shade (near-black for the pale hues); the border keeps the named colour.
    return { ...resolved, color: PALE_HUES.has(parsed.color) ? 'var(--mantine-color-dark-8)' : `var(--mantine-color-${parsed.color}-9)` }
  }
  return {
    ...resolved,
    background: `var(--mantine-color-${parsed.color}-0)`,
    hover: `var(--mantine-color-${parsed.color}-1)`,
    color: PALE_HUES.has(parsed.color) ? 'var(--mantine-color-dark-8)' : `var(--mantine-color-${parsed.color}-9)`,
  }
}

/** Mantine defaults with a blue primary, at shades that keep WCAG AA contrast for text on and next to it. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  variantColorResolver,
  components: {
    // Every notification can be closed; its close button needs a name for screen readers (axe: button-name).
    // Its text under a title is gray.6 by default (3.3:1 on white): the theme's darker dimmed instead.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
})

/** Darker dimmed, error and placeholder text than the defaults (gray.6 and red.6 fail 4.5:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Hovered subtle and light blue buttons: blue.9 text on blue.2 is 4.0:1; on blue.1 it passes.
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
})
