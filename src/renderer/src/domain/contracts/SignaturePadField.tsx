import { Box, Button, Group, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** What the signing form asks of the pad. */
export interface SignatureHandle {
  isEmpty(): boolean;
  /** The drawn hand as a PNG in base64, without the `data:` prefix. */
  png(): string;
  clear(): void;
}

/**
 * A box to sign in with a finger, a stylus or the mouse (signature_pad): drawn at the screen's own
 * pixel density, so a hand on a phone is as sharp on paper as one on the desk's touch screen.
 */
export function SignaturePadField({
  ref,
  onChange,
  error,
}: {
  ref: Ref<SignatureHandle>;
  onChange: (empty: boolean) => void;
  error: string | null;
}): React.JSX.Element {
  const { t } = useTranslation('contracts');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#0b2a6f', minWidth: 1, maxWidth: 3 });
    pad.current = signature;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const drawn = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      // Resizing a canvas wipes it: what was drawn is drawn again at the new size.
      signature.fromData(drawn);
    };
    fit();
    const ended = () => onChange(signature.isEmpty());
    signature.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    png: () => (pad.current?.toDataURL('image/png') ?? '').replace(/^data:image\/png;base64,/, ''),
    clear: () => {
      pad.current?.clear();
      onChange(true);
    },
  }));

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id="signature-label">
          {t('signHere')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            pad.current?.clear();
            onChange(true);
          }}
        >
          {t('clear')}
        </Button>
      </Group>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: 200,
          touchAction: 'none',
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
          display: 'block',
        }}
      />
      {error && (
        <Text size="sm" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
