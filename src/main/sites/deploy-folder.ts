import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What a deploy copies, in walk order (a folder before what it holds). */
type FolderEntry = { kind: 'folder'; path: string } | { kind: 'file'; path: string } | { kind: 'link'; path: string; target: string };

export type FolderInspection =
  | { ok: true; root: string; entries: FolderEntry[]; fileCount: number; byteSize: number }
  | { ok: false; reason: string };

const MIB = 1024 * 1024;

/**
 * Checks a folder before anything is copied: it exists, has index.html at the top, every symlink
 * stays inside it, and it holds at most `maxBytes`. A refusal says which rule and which file, naming
 * the folder as `folder` (an upload's temporary folder by what was uploaded).
 */
export async function inspectFolder(source: string, maxBytes: number, folder: string = source): Promise<FolderInspection> {
  let root: string;
  try {
    root = await fs.realpath(source);
    if (!(await fs.stat(root)).isDirectory()) return { ok: false, reason: `folder missing: ${folder} is a file, not a folder.` };
  } catch {
    return { ok: false, reason: `folder missing: ${folder} does not exist.` };
  }
  const entries: FolderEntry[] = [];
  let fileCount = 0;
  let byteSize = 0;
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop() ?? '';
    let children: Dirent[];
    try {
      children = await fs.readdir(path.join(root, relativeDir), { withFileTypes: true });
    } catch (error) {
      return { ok: false, reason: `cannot read the folder ${relativeDir || '.'} (${(error as NodeJS.ErrnoException).code ?? String(error)}).` };
    }
    for (const child of children) {
      const relative = path.join(relativeDir, child.name);
      const absolute = path.join(root, relative);
      if (child.isSymbolicLink()) {
        const link = await linkTarget(root, absolute);
        if (link.kind === 'outside') {
          return { ok: false, reason: `a symlink leaving the folder: ${relative} points to ${link.written}, outside ${folder}. Copy that file into the folder instead.` };
        }
        if (link.kind === 'broken') return { ok: false, reason: `a broken symlink: ${relative} points to ${link.written}, which does not exist.` };
        entries.push({ kind: 'link', path: relative, target: path.relative(path.dirname(relative), link.target) || '.' });
      } else if (child.isDirectory()) {
        entries.push({ kind: 'folder', path: relative });
        pending.push(relative);
      } else if (child.isFile()) {
        byteSize += (await fs.stat(absolute)).size;
        fileCount += 1;
        if (byteSize > maxBytes) {
          return { ok: false, reason: `over ${maxBytes / MIB} MiB: the folder holds more than that (${(byteSize / MIB).toFixed(1)} MiB counted by ${relative}); leave large media out of the site.` };
        }
        entries.push({ kind: 'file', path: relative });
      } else {
        return { ok: false, reason: `${relative} is not a regular file, folder or symlink (a socket, pipe or device); remove it from the folder.` };
      }
    }
  }
  const index = entries.find((entry) => entry.path === 'index.html');
  if (!index || index.kind === 'folder' || !(await isFile(path.join(root, 'index.html')))) {
    return { ok: false, reason: `no index.html: ${folder} has no index.html at its top, which is what visitors get at "/".` };
  }
  return { ok: true, root, entries, fileCount, byteSize };
}

/** Copies an inspected folder into `destination` (which exists and is empty); links stay relative. */
export async function copyInspectedFolder(inspection: Extract<FolderInspection, { ok: true }>, destination: string): Promise<void> {
  for (const entry of inspection.entries) {
    const to = path.join(destination, entry.path);
    if (entry.kind === 'folder') await fs.mkdir(to);
    else if (entry.kind === 'file') await fs.copyFile(path.join(inspection.root, entry.path), to, fs.constants.COPYFILE_EXCL);
    else await fs.symlink(entry.target, to);
  }
}

type LinkTarget = { kind: 'inside'; target: string } | { kind: 'outside'; written: string } | { kind: 'broken'; written: string };

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
