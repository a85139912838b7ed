/**
 * A clearable field's clear button, named and reachable: Mantine hides it from assistive technology
 * and the keyboard (aria-hidden, tabIndex -1), so it would be a nameless button to a screen reader.
 */
export function clearButtonOf(label: string) {
  return { 'aria-label': `Clear ${label}`, 'aria-hidden': false, tabIndex: 0 } as const;
}
