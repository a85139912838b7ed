import type { z } from 'zod';
import { AppError } from './errors';

/** "name: must not be empty; categoryId: must be an integer" — field first, then the rule. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = 'body'): string {
  return issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, root?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('validation_failed', describeIssues(result.error.issues, root));
  return result.data;
}
