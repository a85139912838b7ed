import { z } from 'zod';
import type { LinkChoiceInput, LinkProbeInput } from '../../shared/desk-link';

/** A CA fingerprint as openssl prints it (fingerprintText): 32 upper-case hex pairs joined by colons. */
export const FingerprintSchema = z.string().regex(/^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/);

/** The first-run bridge's payloads (src/shared/desk-link.ts), as the shell validates them; `current` takes nothing. */
export const LinkCurrentInputSchema = z.strictObject({}).optional();

export const LinkProbeInputSchema: z.ZodType<LinkProbeInput> = z.strictObject({ address: z.string().max(2048) });

export const LinkChoiceInputSchema: z.ZodType<LinkChoiceInput> = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('this-computer') }),
  z.strictObject({ mode: z.literal('shelter-server'), address: z.string().max(2048), fingerprint: FingerprintSchema }),
]);
