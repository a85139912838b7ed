import type { z } from 'zod';
import { AppError, type ErrorDetails } from './errors';

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
  if (!result.success) {
    const details = ruleDetails(result.error.issues);
    throw new AppError('validation_failed', describeIssues(result.error.issues, root), details ? { details } : {});
  }
  return result.data;
}

/** One broken rule that names itself (a refinement's `params.reason`) travels as typed details too, for the faces to word; `field` is the field the rule is about (the path's last name). */
function ruleDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetails['validation_failed'] | undefined {
  const [issue] = issues;
  if (issues.length !== 1 || issue?.code !== 'custom' || typeof issue.params?.reason !== 'string') return undefined;
  return { field: String(issue.path.at(-1) ?? ''), ...issue.params } as ErrorDetails['validation_failed'];
}
