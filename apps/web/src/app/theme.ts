import { createTheme, type CSSVariablesResolver, Notification } from '@mantine/core'

/** Mantine defaults with a blue primary, at shades that keep WCAG AA contrast for text on and next to it. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    // Every notification can be closed; its close button needs a name for screen readers (axe: button-name).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
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
