/**
 * A clearable field's clear button, named and reachable: Mantine hides it from assistive technology
 * and the keyboard (aria-hidden, tabIndex -1), so it would be a nameless button to a screen reader.
 * The name is a whole label from the caller's catalogue ("Effacer le type d’action"), never a prefix
 * glued to a field's name: word order and articles differ between languages.
 */
export function clearButtonNamed(ariaLabel: string) {
  return { 'aria-label': ariaLabel, 'aria-hidden': false, tabIndex: 0 } as const;
}

/** The English-only form kept for the pages not yet worded in the catalogues: "Clear " + the field. */
export function clearButtonOf(label: string) {
  return clearButtonNamed(`Clear ${label}`);
}
