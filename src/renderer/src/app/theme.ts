import { Badge, createTheme, Drawer, Modal } from '@mantine/core';

const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    // A badge is a status ("verified", "PASS"): never cut to "VE…". Mantine's badge hides its
    // overflow, so a squeezed table column or row would shrink it; it keeps its whole width instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content', flexShrink: 0 } } }),
  },
});
