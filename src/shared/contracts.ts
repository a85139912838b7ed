/**
 * Contracts signed on the spot: the adopter signs on the desk's touch screen or a tablet, the PDF
 * carries the signature, the signer's name, when, and the SHA-256 of the contract's text; the signed
 * file is kept with the stay (private: never published) and can be checked later (`contract verify`).
 * A signed contract is never changed: a correction is a new one that names the one it replaces.
 */
import { z } from 'zod';
import { personalField, secretField } from './privacy';

/** What is signed: the adoption contract, the return agreement of a stay that began with a return, a foster placement's agreement. */
export const CONTRACT_KINDS = ['adoption', 'return', 'foster'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** A drawn signature as a PNG is 10–60 KiB; 512 KiB of PNG is far more than a hand draws. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** A file checked through the admin API: a signed contract with its fonts and many pages of terms is well under this (the CLI reads any size). */
export const VERIFY_MAX_BYTES = 2.5 * 1024 * 1024;

const base64Of = (maxBytes: number) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

const id = z.int().positive();

export const SignContractInputSchema = z.strictObject({
  stayId: id,
  kind: z.enum(CONTRACT_KINDS).default('adoption'),
  /** Printed under the signature; the adopter's name as the register holds it when not given. */
  signerName: personalField(z.string().trim().min(1).max(200)).optional(),
  /**
   * The drawn signature, a PNG in base64 (signature_pad's `toDataURL()` without its `data:` prefix).
   * Marked secret so the audit trail keeps no copy of a hand that signs: the signed file holds it.
   */
  signaturePng: secretField(base64Of(SIGNATURE_MAX_BYTES), 'The drawn signature, PNG in base64.'),
  /** The signed contract this one corrects: required when the stay already has a signed contract of this kind. */
  replaces: id.optional(),
  /** The foster placement a foster agreement is for (required for `foster`, refused for the others). */
  placementId: id.optional(),
});
export type SignContractInput = z.input<typeof SignContractInputSchema>;

export const VerifyContractInputSchema = z.strictObject({
  pdfBase64: base64Of(VERIFY_MAX_BYTES),
});

export interface SignedContract {
  id: number;
  stayId: number;
  petId: number;
  kind: ContractKind;
  signerName: string;
  /** ISO 8601 instant. */
  signedAt: string;
  /** SHA-256 (hex) of the contract's text as printed: what was agreed. */
  textSha256: string;
  /** SHA-256 (hex) of the signed PDF as stored: what `verify` compares a file with. */
  pdfSha256: string;
  bytes: number;
  replaces: number | null;
  /** The later contract that corrects this one, if any. */
  replacedBy: number | null;
  /** A foster agreement's placement; null for the other kinds. */
  placementId: number | null;
  fileName: string;
}

/** What a file is: one this shelter signed and unchanged (and whether a later one replaced it), or not. */
export type ContractVerdict =
  { signed: true; contract: SignedContract; petName: string } | { signed: false; sha256: string; bytes: number };
