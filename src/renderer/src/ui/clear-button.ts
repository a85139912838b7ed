/**
 * A clearable field's clear button, named and reachable: Mantine hides it from assistive technology
 * and the keyboard (aria-hidden, tabIndex -1), so it would be a nameless button to a screen reader.
 * The name is a whole label from the caller's catalogue ("Effacer le type d’action"), never a prefix
 * glued to a field's name: word order and articles differ between languages.
 */
export function clearButtonNamed(ariaLabel: string) {
  return { 'aria-label': ariaLabel, 'aria-hidden': false, tabIndex: 0 } as const;
}

/** The same, its name read each time the button is drawn: for defaults made once, before any language is chosen. */
export function clearButtonSaying(say: () => string) {
  return {
    get 'aria-label'() {
      return say();
    },
    'aria-hidden': false,
    tabIndex: 0,
  } as const;
}
