import { NumberInput, type NumberInputProps } from '@mantine/core';

type FigureInputProps = Omit<NumberInputProps, 'clampBehavior' | 'min' | 'max' | 'allowDecimal' | 'allowNegative'>;

/**
 * A number field that never changes what staff typed (Mantine clamps on blur by default): −5 stays
 * −5 and 1.5 stays 1.5, and the form's schema says what is wrong with it.
 */
export function FigureInput(props: FigureInputProps): React.JSX.Element {
  return <NumberInput clampBehavior="none" {...props} />;
}

/** The field's value for the schema: an emptied field or a lone "-" is not a number. */
export function figureOf(value: number | string): number {
  return value === '' ? Number.NaN : Number(value);
}
