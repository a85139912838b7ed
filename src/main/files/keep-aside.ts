import fs from 'node:fs';

/**
 * Moves a damaged file out of the way, beside itself as `<file>.broken-<time>`, so what it held can
 * still be looked at; its new name, or null when it could not be moved (it then stays where it was).
 */
export function keepAside(file: string, now: Date): string | null {
  // No colons: Windows does not allow them in file names.
  const stamp = now.toISOString().replaceAll(':', '');
  let target = `${file}.broken-${stamp}`;
  // Never over an earlier damaged copy (two starts within the same millisecond).
  for (let attempt = 1; fs.existsSync(target); attempt++) target = `${file}.broken-${stamp}-${attempt}`;
  try {
    fs.renameSync(file, target);
    return target;
  } catch {
    return null;
  }
}
