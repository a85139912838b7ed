/** A phone's touch target: at least 44 px high (WCAG 2.5.5, Apple's HIG), its label wrapping rather than cut. */
export const TOUCH = {
  size: 'md',
  styles: {
    root: { height: 'auto', minHeight: 48, paddingBlock: 8 },
    label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' },
  },
} as const;
