/**
 * A site uploaded from the browser (a folder picked with <input webkitdirectory>, or a .zip): the
 * payload main unpacks into a temporary folder before the same folder deploy the CLI runs.
 */
import { z } from 'zod';
import type { UnsafePathProblem } from './errors';
import { MAX_DEPLOY_BYTES } from './sites';

const MIB = 1024 * 1024;
/** Files in one uploaded folder; a site with more is better deployed from a folder on disk. */
export const MAX_UPLOAD_FILES = 10_000;
/** The longest relative path an upload may hold, in characters. */
export const UPLOAD_PATH_MAX = 1024;

/** Bytes a base64 text decodes to (padding excluded). */
export function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/**
 * Why a relative path may not be written inside the deploy folder, or null when it may:
 * forward slashes only, no empty, "." or ".." segment, nothing absolute, no control characters.
 */
export function uploadPathProblem(relative: string): UnsafePathProblem | null {
  if (relative === '') return 'empty';
  if (relative.length > UPLOAD_PATH_MAX) return 'too_long';
  if (relative.includes('\\')) return 'backslash';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(relative)) return 'control_character';
  if (relative.startsWith('/') || /^[a-zA-Z]:/.test(relative)) return 'absolute';
  if (relative.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return 'dot_segment';
  return null;
}

/** The API's and the CLI's English for each problem (the window words the problem itself). */
const UNSAFE_PATH_WORDS: Record<UnsafePathProblem, string> = {
  empty: 'is empty',
  too_long: `is longer than ${UPLOAD_PATH_MAX} characters`,
  backslash: 'contains a backslash; use / between folders',
  control_character: 'contains a control character',
  absolute: 'is absolute; paths must be relative to the site folder',
  dot_segment: 'has an empty, "." or ".." part, which could leave the site folder',
};

/** Why a relative path may not be written inside the deploy folder, in English, or null when it may. */
export function unsafeUploadPath(relative: string): string | null {
  const problem = uploadPathProblem(relative);
  return problem ? UNSAFE_PATH_WORDS[problem] : null;
}

const Base64Schema = z.base64({ error: 'must be base64' });

const UploadPathSchema = z.string({ error: 'must be a string' }).superRefine((relative, context) => {
  const problem = uploadPathProblem(relative);
  if (problem)
    context.addIssue({
      code: 'custom',
      message: `${JSON.stringify(relative.slice(0, 80))} ${UNSAFE_PATH_WORDS[problem]}`,
      params: { reason: 'upload_unsafe_path', path: relative.slice(0, 80), problem, maxLength: UPLOAD_PATH_MAX },
    });
});

const totalWithinLimit = (total: number, context: z.core.$RefinementCtx) => {
  if (total > MAX_DEPLOY_BYTES) {
    context.addIssue({
      code: 'custom',
      message: `holds ${(total / MIB).toFixed(1)} MiB; a deploy may hold at most ${MAX_DEPLOY_BYTES / MIB} MiB`,
      params: { reason: 'upload_over_limit', bytes: total, maxBytes: MAX_DEPLOY_BYTES },
    });
  }
};

export const FolderUploadSchema = z.strictObject({
  kind: z.literal('folder'),
  /** The picked folder's name, shown as the deploy's source. */
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' }),
  files: z
    .array(z.strictObject({ path: UploadPathSchema, data: Base64Schema }), { error: 'must be a list of files' })
    .min(1, { error: 'must hold at least one file' })
    .max(MAX_UPLOAD_FILES, { error: `must hold at most ${MAX_UPLOAD_FILES} files` })
    .superRefine((files, context) => {
      totalWithinLimit(
        files.reduce((sum, file) => sum + base64Bytes(file.data), 0),
        context,
      );
      const seen = new Set<string>();
      for (const file of files) {
        if (seen.has(file.path))
          context.addIssue({
            code: 'custom',
            message: `${JSON.stringify(file.path)} appears twice`,
            params: { reason: 'upload_path_twice', path: file.path },
          });
        seen.add(file.path);
      }
    }),
});

export const ZipUploadSchema = z.strictObject({
  kind: z.literal('zip'),
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' }),
  data: Base64Schema.superRefine((data, context) => totalWithinLimit(base64Bytes(data), context)),
});

export const SiteUploadSchema = z.discriminatedUnion('kind', [FolderUploadSchema, ZipUploadSchema], {
  error: 'must be a folder or a zip upload',
});
export type SiteUpload = z.infer<typeof SiteUploadSchema>;
