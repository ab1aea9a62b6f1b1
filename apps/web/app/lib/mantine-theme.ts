import { type CSSVariablesResolver, createTheme } from '@mantine/core'

// Shade 8 in both schemes keeps white text on filled buttons above WCAG AA contrast (about 6:1).
export const mantineTheme = createTheme({
  primaryColor: 'grape',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
})

/**
 * Mantine's default "dimmed" text and anchor colours fall under AA contrast on our backgrounds (axe
 * color-contrast, both schemes); these keep secondary text readable: ≥ 4.5:1 on body and footer.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    '--mantine-color-anchor': theme.colors.grape[8] ?? '#9c36b5',
  },
  dark: {
    '--mantine-color-dimmed': theme.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-anchor': theme.colors.grape[3] ?? '#e599f7',
  },
})
