import {
  Badge,
  createTheme,
  darken,
  Drawer,
  getDefaultZIndex,
  getPrimaryShade,
  lighten,
  luminance,
  Modal,
  Select,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { windowI18n } from '../i18n/i18n';
import { clearButtonSaying } from '../ui/clear-button';

const closeButtonProps = { 'aria-label': 'Close' };

/**
 * Dialogs and drawers fade in where they will stay. Mantine's default slides them in (30 px for a
 * dialog), and a click made while one slides presses at one place and releases at another. The
 * browser then clicks neither, and the tick is lost though its box took the focus.
 */
const appearInPlace = { transition: 'fade', duration: 200 } as const;

/**
 * A dialog closes when its user says so: its Cancel, its ×, or Escape. A click beside it does
 * nothing, because Mantine's default would close it and drop what was typed in it.
 */
const dialogDefaults = { closeButtonProps, transitionProps: appearInPlace, closeOnClickOutside: false };

/**
 * Layers: drawers, then toasts, then dialogs (Mantine puts drawers and dialogs both at the modal
 * layer). A toast said while a drawer is open shows above it; no toast covers a dialog's buttons.
 */
export const LAYER = { drawer: getDefaultZIndex('modal') - 2, notifications: getDefaultZIndex('modal') - 1 } as const;

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Modal: Modal.extend({ defaultProps: dialogDefaults }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps, zIndex: LAYER.drawer, transitionProps: appearInPlace } }),
    // A field's own clear button says which field (clearButtonProps); this names any other.
    Select: Select.extend({
      defaultProps: { clearButtonProps: clearButtonSaying(() => windowI18n.t('common:clear.any')) },
    }),
    // A badge is a status ("verified", "PASS"): never cut to "VE…". Mantine's badge hides its
    // overflow, so a squeezed table column or row would shrink it; it keeps its whole width instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content', flexShrink: 0 } } }),
  },
});

/** WCAG 2 AA for body text (1.4.3); large text needs only 3:1, so what passes this passes both. */
const AA = 4.5;
const WHITE = '#ffffff';
/** The surfaces nearest the text's own shade that it must still read on: gray-2 in light (a pressed default button), dark-5 in dark (a hovered row). */
const LIGHT_SURFACE = '#e9ecef';
const DARK_SURFACE = '#3b3b3b';

/**
 * Secondary text (descriptions, hints, timestamps, placeholders): Mantine's gray-6 and dark-2 read at
 * 3.3:1 on white and 3.5:1 on a dark card. These stay grey and quieter than the text, at 4.8:1 on
 * gray-2 and on a light teal row (5.7:1 on white); 4.6:1 on dark-5 and on a dark teal row (6.4:1 on the dark body).
 */
const DIMMED = { light: '#5f6770', dark: '#a6a6a6' } as const;

function contrast(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The palette's own shade nearest `from` that reads at AA on `background`, going darker (light
 * scheme) or lighter (dark); Mantine's teal, green, lime, yellow and orange have none dark enough for
 * white text, so past the palette's end its last shade is darkened (or lightened) until it reads.
 */
function readable(palette: MantineColorsTuple, from: number, background: string, toward: 'darker' | 'lighter'): string {
  const step = toward === 'darker' ? 1 : -1;
  for (let shade = from; shade >= 0 && shade < palette.length; shade += step)
    if (contrast(palette[shade]!, background) >= AA) return palette[shade]!;
  let color = palette[toward === 'darker' ? 9 : 0]!;
  while (contrast(color, background) < AA) color = toward === 'darker' ? darken(color, 0.05) : lighten(color, 0.05);
  return color;
}

/**
 * Mantine's colour variables with every text colour at WCAG AA in both schemes (Mantine's own fail
 * on every page): white on filled buttons and badges, coloured text and outlines on the page, the
 * text of light badges and buttons on their tint, links, errors, dimmed text and placeholders.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => {
  // Links and errors take their palette's readable text colour below; dimmed text and placeholders their grey.
  const common = (scheme: keyof typeof DIMMED): Record<string, string> => ({
    '--mantine-color-dimmed': DIMMED[scheme],
    '--mantine-color-placeholder': DIMMED[scheme],
    '--mantine-color-anchor': `var(--mantine-color-${mantine.primaryColor}-text)`,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  });
  const light = common('light');
  const dark = common('dark');
  const lightShade = getPrimaryShade(mantine, 'light');
  const darkShade = getPrimaryShade(mantine, 'dark');
  for (const [name, palette] of Object.entries(mantine.colors)) {
    const lightFilled = readable(palette, lightShade, WHITE, 'darker');
    const lightText = readable(palette, lightShade, LIGHT_SURFACE, 'darker');
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: lightFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(lightFilled, 0.1),
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
      // On the tint of a light badge or button, and of its hover (shade 2, the darker of the two).
      [`--mantine-color-${name}-light-color`]: readable(palette, 9, palette[2]!, 'darker'),
    });
    const darkFilled = readable(palette, darkShade, WHITE, 'darker');
    const darkText = readable(palette, 4, DARK_SURFACE, 'lighter');
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: darkFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(darkFilled, 0.1),
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
      [`--mantine-color-${name}-light-color`]: readable(palette, 0, darken(palette[9]!, 0.3), 'lighter'),
    });
  }
  return { variables: {}, light, dark };
};
