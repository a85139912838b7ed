import { Badge, createTheme, Drawer, getDefaultZIndex, Modal, Select } from '@mantine/core';
import { clearButtonOf } from '../ui/clear-button';

const closeButtonProps = { 'aria-label': 'Close' };

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
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps, zIndex: LAYER.drawer } }),
    // A field's own clear button says which field (clearButtonProps); this names any other.
    Select: Select.extend({ defaultProps: { clearButtonProps: clearButtonOf('the field') } }),
    // A badge is a status ("verified", "PASS"): never cut to "VE…". Mantine's badge hides its
    // overflow, so a squeezed table column or row would shrink it; it keeps its whole width instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content', flexShrink: 0 } } }),
  },
});
