import {
  Badge,
  type CSSVariablesResolver,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  type VariantColorsResolver,
  type MantineColorsTuple,
  createTheme,
} from '@mantine/core';

/**
 * The app's Mantine theme and colour variables, one for every entry: the app (main.tsx) and the
 * driver's trip link (trip.tsx), which draws the same components without the app around them.
 */

// Shades around the spec's theme colour #42b883 (index 6 is the main one).
const brand: MantineColorsTuple = [
  '#e8f8f0',
  '#d3efe1',
  '#a6dec3',
  '#76cda3',
  '#4fbf89',
  '#42b883',
  '#2fa271',
  '#248a5f',
  '#1b6f4c',
  '#0f5338',
];
/** Orange's darkest shade, darker than Mantine's #d9480f (4.3:1 on white) so orange text reads at 4.5:1. */
const orange = [...DEFAULT_THEME.colors.orange.slice(0, 9), '#b8400d'] as unknown as MantineColorsTuple;

/**
 * Light and outline variants (badges, buttons) take their text a shade darker than Mantine's, which
 * reads at 2–4:1 on their pale fills: WCAG 2.1 AA wants 4.5:1 (issue 35).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = typeof input.color === 'string' ? input.color.split('.')[0] : undefined;
  const deep = name ? input.theme.colors[name]?.[9] : undefined;
  if (!deep || (input.variant !== 'light' && input.variant !== 'outline')) {
    return colors;
  }
  return { ...colors, color: darken(deep, 0.3) };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 5,
  colors: { brand, orange },
  // WCAG 2.1 AA (issue 35): white on the theme green reads at 2.49:1, so filled buttons and badges
  // take dark text where their colour is light (the green keeps its place as the spec's colour).
  autoContrast: true,
  fontFamily: 'Inter, system-ui, sans-serif',
  components: {
    // A badge's label clips by default, which lets a table squeeze a status to "AWA…": keep it whole.
    Badge: Badge.extend({ styles: { label: { overflow: 'visible' } } }),
    // A table wider than its box scrolls sideways: its viewport takes the keyboard's focus, so the
    // arrow keys reach what a mouse or finger would (WCAG 2.1.1, axe's scrollable-region-focusable).
    // A spinner is a status, so the name it is given ("Loading the orders") is announced.
    Loader: { defaultProps: { role: 'status' } },
    // An icon-only close button says what it does; so does an input's clear button (a date, a file,
    // a picker: axe's button-name, issue 35).
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    // A picker's options are drawn when it opens, not kept hidden from the start: a kept dropdown is
    // placed by floating-ui as the page mounts (a style recalculation and a synchronous re-render
    // per picker, 0.3-0.6 s of a phone's first second on My orders; issue 35). The input points at
    // its list (aria-controls) only while open either way.
    Combobox: { defaultProps: { keepMounted: false } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * Text in a colour named without a shade (`c="green"`: a countdown, a rank, a warning) takes
 * `--mantine-color-<name>-text`, Mantine's filled shade, which reads at 2.5–3.5:1 on white for
 * green, blue, orange, yellow and teal. These hold 4.5:1 on white and on the grey page (issue 35).
 */
const TEXT_COLOURS = Object.fromEntries(
  Object.entries({
    red: '#c92a2a',
    blue: '#1864ab',
    green: '#23703a',
    teal: '#0a6e50',
    orange: '#b8400d',
    yellow: '#8f5b00',
    lime: '#466f0a',
    cyan: '#0b7285',
    gray: '#5f676e',
  }).map(([name, hex]) => [`--mantine-color-${name}-text`, hex]),
);

/**
 * Text colours that hold 4.5:1 (WCAG 2.1 AA) on white and on the light backgrounds: helper text,
 * placeholders, links and the brand's light and outline variants, whose defaults (#868e96, #adb5bd,
 * #42b883) read at 3.3, 2.1 and 2.5 to 1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...TEXT_COLOURS,
    '--mantine-color-dimmed': '#5f676e',
    '--mantine-color-placeholder': '#5f676e',
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
    '--mantine-color-brand-text': 'var(--mantine-color-brand-8)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-8)',
    '--mantine-color-brand-outline': 'var(--mantine-color-brand-8)',
  },
  dark: {},
});
