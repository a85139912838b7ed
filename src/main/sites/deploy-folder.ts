import type { BigIntStats, Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DeployFailure } from '../../shared/deploy-failures';

/** What a deploy copies, in walk order (a folder before what it holds); a file with the inode that was checked. */
type FolderEntry =
  | { kind: 'folder'; path: string }
  | { kind: 'file'; path: string; inode: Inode }
  | { kind: 'link'; path: string; target: string };

interface Inode {
  dev: bigint;
  ino: bigint;
}

type Refused = { ok: false; failure: DeployFailure };

export type CopyOutcome = { ok: true; fileCount: number; byteSize: number } | Refused;

// Windows has no O_NOFOLLOW; there the inode check after opening is what holds.
const OPEN_NO_FOLLOW = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0);
const COPY_CHUNK_BYTES = 64 * 1024;

export type FolderInspection =
  { ok: true; root: string; entries: FolderEntry[]; fileCount: number; byteSize: number } | Refused;

/**
 * Checks a folder before anything is copied: it exists, has index.html at the top, every symlink
 * stays inside it, and it holds at most `maxBytes`. A refusal says which rule and which file, naming
 * the folder as `folder` (an upload's temporary folder by what was uploaded).
 */
export async function inspectFolder(
  source: string,
  maxBytes: number,
  folder: string = source,
): Promise<FolderInspection> {
  let root: string;
  try {
    root = await fs.realpath(source);
    if (!(await fs.stat(root)).isDirectory()) return { ok: false, failure: { reason: 'folder_is_file', folder } };
  } catch {
    return { ok: false, failure: { reason: 'folder_missing', folder } };
  }
  const entries: FolderEntry[] = [];
  let fileCount = 0;
  let byteSize = 0;
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop() ?? '';
    let children: Dirent[];
    let before: BigIntStats;
    try {
      before = await fs.lstat(path.join(root, relativeDir), { bigint: true });
      children = before.isDirectory() ? await fs.readdir(path.join(root, relativeDir), { withFileTypes: true }) : [];
    } catch (error) {
      const systemCode = (error as NodeJS.ErrnoException).code ?? String(error);
      return { ok: false, failure: { reason: 'folder_unreadable', path: relativeDir, systemCode } };
    }
    if (!before.isDirectory()) return changedDuringDeploy(relativeDir, folder);
    for (const child of children) {
      const relative = path.join(relativeDir, child.name);
      const absolute = path.join(root, relative);
      if (child.isSymbolicLink()) {
        const link = await linkTarget(root, absolute);
        if (link.kind === 'outside') {
          return { ok: false, failure: { reason: 'symlink_outside', path: relative, target: link.written, folder } };
        }
        if (link.kind === 'broken')
          return { ok: false, failure: { reason: 'symlink_broken', path: relative, target: link.written } };
        entries.push({
          kind: 'link',
          path: relative,
          target: path.relative(path.dirname(relative), link.target) || '.',
        });
      } else if (child.isDirectory()) {
        entries.push({ kind: 'folder', path: relative });
        pending.push(relative);
      } else if (child.isFile()) {
        const stats = await fs.lstat(absolute, { bigint: true });
        if (!stats.isFile()) return changedDuringDeploy(relative, folder);
        byteSize += Number(stats.size);
        fileCount += 1;
        if (byteSize > maxBytes) return overLimit(maxBytes, byteSize, relative);
        entries.push({ kind: 'file', path: relative, inode: { dev: stats.dev, ino: stats.ino } });
      } else {
        return { ok: false, failure: { reason: 'special_file', path: relative } };
      }
    }
    // The children were listed and looked at by path: through this same folder, not a symlink swapped in meanwhile.
    const after = await fs.lstat(path.join(root, relativeDir), { bigint: true }).catch(() => null);
    if (!after?.isDirectory() || after.dev !== before.dev || after.ino !== before.ino)
      return changedDuringDeploy(relativeDir, folder);
  }
  const index = entries.find((entry) => entry.path === 'index.html');
  if (!index || index.kind === 'folder' || !(await isFile(path.join(root, 'index.html')))) {
    return { ok: false, failure: { reason: 'no_index', folder } };
  }
  return { ok: true, root, entries, fileCount, byteSize };
}

/**
 * Copies an inspected folder into `destination` (which exists and is empty); links stay relative.
 * Each file is opened without following a symlink and must still be the inode that was checked, so
 * a link (or a folder leading elsewhere) swapped in since is refused, never followed; the figures are
 * what was written.
 */
export async function copyInspectedFolder(
  inspection: Extract<FolderInspection, { ok: true }>,
  destination: string,
  maxBytes: number,
  folder: string,
): Promise<CopyOutcome> {
  let fileCount = 0;
  let byteSize = 0;
  for (const entry of inspection.entries) {
    const to = path.join(destination, entry.path);
    if (entry.kind === 'folder') await fs.mkdir(to);
    else if (entry.kind === 'link') await fs.symlink(entry.target, to);
    else {
      const written = await copyCheckedFile(
        path.join(inspection.root, entry.path),
        to,
        entry.inode,
        maxBytes - byteSize,
      );
      if (written === 'changed') return changedDuringDeploy(entry.path, folder);
      if (written === 'over') return overLimit(maxBytes, maxBytes + 1, entry.path);
      byteSize += written;
      fileCount += 1;
    }
  }
  return { ok: true, fileCount, byteSize };
}

/** Bytes written, or why nothing may be: the path no longer leads to the checked file, or the room ran out. */
async function copyCheckedFile(
  from: string,
  to: string,
  inode: Inode,
  room: number,
): Promise<number | 'changed' | 'over'> {
  let source: fs.FileHandle;
  try {
    source = await fs.open(from, OPEN_NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EMLINK') return 'changed';
    throw error;
  }
  try {
    const stats = await source.stat({ bigint: true });
    if (!stats.isFile() || stats.dev !== inode.dev || stats.ino !== inode.ino) return 'changed';
    const target = await fs.open(to, 'wx');
    try {
      const buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      let written = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return written;
        written += bytesRead;
        if (written > room) return 'over';
        for (let offset = 0; offset < bytesRead;)
          offset += (await target.write(buffer, offset, bytesRead - offset)).bytesWritten;
      }
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

function changedDuringDeploy(relative: string, folder: string): Refused {
  return { ok: false, failure: { reason: 'changed_during_deploy', path: relative, folder } };
}

function overLimit(maxBytes: number, byteSize: number, relative: string): Refused {
  return { ok: false, failure: { reason: 'folder_over_limit', path: relative, bytes: byteSize, maxBytes } };
}

type LinkTarget =
  { kind: 'inside'; target: string } | { kind: 'outside'; written: string } | { kind: 'broken'; written: string };

/** Where a symlink leads, relative to the root; links are judged by where they finally resolve. */
async function linkTarget(root: string, link: string): Promise<LinkTarget> {
  const written = await fs.readlink(link);
  let resolved: string;
  try {
    resolved = await fs.realpath(link);
  } catch {
    const lexical = path.relative(root, path.resolve(path.dirname(link), written));
    return leavesRoot(lexical) ? { kind: 'outside', written } : { kind: 'broken', written };
  }
  const relative = path.relative(root, resolved);
  return leavesRoot(relative) ? { kind: 'outside', written } : { kind: 'inside', target: relative };
}

function leavesRoot(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The list a deploy's folder keeps of the files it was published with, beside them: a dotfile,
 * which no site answer serves. Only these are served, whatever appears in the folder later.
 */
const DEPLOYED_FILES = '.adoption-desk-files.json';

/** Writes the list of a filled deploy folder's files and links (paths with `/`), replacing any file of that name the site brought. */
export async function recordDeployedFiles(folder: string): Promise<void> {
  const files: string[] = [];
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop() ?? '';
    for (const child of await fs.readdir(path.join(folder, relativeDir), { withFileTypes: true })) {
      const relative = relativeDir === '' ? child.name : `${relativeDir}/${child.name}`;
      if (child.isDirectory()) pending.push(relative);
      else if (relative !== DEPLOYED_FILES) files.push(relative);
    }
  }
  const list = path.join(folder, DEPLOYED_FILES);
  await fs.rm(list, { force: true });
  await fs.writeFile(list, `${JSON.stringify(files.sort())}\n`, { flag: 'wx' });
}

/** The files a deploy was published with, or undefined for a deploy made before deploys kept the list (served as it stands). */
export async function deployedFiles(folder: string): Promise<ReadonlySet<string> | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, DEPLOYED_FILES), 'utf8');
  } catch {
    return undefined;
  }
  return new Set(JSON.parse(text) as string[]);
}
