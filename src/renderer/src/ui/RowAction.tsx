import { ActionIcon, Tooltip } from '@mantine/core';

export interface RowActionProps {
  /** What the tooltip says. */
  tooltip: string;
  /** The accessible name, naming the row's thing (e.g. "Delete Biscuit"). */
  label: string;
  icon: React.JSX.Element;
  onClick: () => void;
  danger?: boolean;
  /** Why the action cannot be done on this row; it is then disabled and its tooltip says so. */
  unavailable?: string;
}

/**
 * One icon button in a table row: a tooltip for the eye, an accessible name for keyboards and tests.
 * Unavailable, it stays hoverable and focusable (aria-disabled, not disabled) so the reason can be read.
 */
export function RowAction({
  tooltip,
  label,
  icon,
  onClick,
  danger = false,
  unavailable,
}: RowActionProps): React.JSX.Element {
  const disabled = unavailable !== undefined;
  return (
    <Tooltip label={unavailable ?? tooltip}>
      <ActionIcon
        variant="subtle"
        color={danger ? 'red' : undefined}
        aria-label={label}
        aria-description={unavailable}
        aria-disabled={disabled || undefined}
        data-disabled={disabled || undefined}
        onClick={disabled ? undefined : onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
