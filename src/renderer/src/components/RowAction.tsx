import { ActionIcon, Tooltip } from '@mantine/core';

export interface RowActionProps {
  /** What the tooltip says. */
  tooltip: string;
  /** The accessible name, naming the row's thing (e.g. "Delete Biscuit"). */
  label: string;
  icon: React.JSX.Element;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** One icon button in a table row: a tooltip for the eye, an accessible name for keyboards and tests. */
export function RowAction({ tooltip, label, icon, onClick, danger = false, disabled = false }: RowActionProps): React.JSX.Element {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={danger ? 'red' : undefined} aria-label={label} disabled={disabled} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
