/** What the Sites page sends (and the admin contract validates): the engine parses the rest. */
import { z } from 'zod';
import { REDIRECT_STATUSES } from './sites';

/** A folder on the machine running Adoption Desk; the deploy itself says when it is missing. */
export const DeployFolderSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty: give the folder holding index.html' })
  .max(4096, { error: 'must be at most 4096 characters' });

/** As typed: lowercasing, IDN → punycode and the Public Suffix List are the engine's (domains add). */
export const DomainNameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty, e.g. www.example.org' })
  .max(253, { error: 'must be at most 253 characters' });

export const RedirectStatusSchema = z.literal([...REDIRECT_STATUSES], {
  error: `must be one of ${REDIRECT_STATUSES.join(', ')}`,
});

export const DomainInputSchema = z.strictObject({
  name: DomainNameSchema,
  /** The project's primary: present makes the domain a redirect to it. */
  redirectTo: DomainNameSchema.optional(),
  redirectStatus: RedirectStatusSchema.optional(),
});
export type DomainInput = z.infer<typeof DomainInputSchema>;
