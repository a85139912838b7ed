import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { AppError } from '../../shared/errors';
import { unsafeUploadPath, type SiteUpload } from '../../shared/site-upload';
import { MAX_DEPLOY_BYTES } from '../../shared/sites';

interface UploadedFile {
  path: string;
  content: Uint8Array;
}

export interface UnpackedUpload {
  /** A temporary folder holding the upload; the caller removes it with `remove()`. */
  folder: string;
  /** How the deploy's source reads, e.g. "upload of site.zip". */
  label: string;
  remove(): Promise<void>;
}

/**
 * Writes an upload into a temporary folder, so the folder deploy (and each of its rules: index.html,
 * size) judges it exactly as a folder on disk. Paths that could leave the folder are refused.
 */
export async function unpackUpload(upload: SiteUpload): Promise<UnpackedUpload> {
  const files = upload.kind === 'folder' ? upload.files.map((file) => ({ path: file.path, content: Buffer.from(file.data, 'base64') })) : unzip(upload.name, Buffer.from(upload.data, 'base64'));
  const { files: placed, inside } = upload.kind === 'zip' ? withoutSharedTopFolder(files) : { files, inside: null };
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'adk-upload-'));
  const remove = () => fs.rm(folder, { recursive: true, force: true });
  try {
    for (const file of placed) {
      const target = path.join(folder, ...file.path.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.content, { flag: 'wx' });
    }
  } catch (error) {
    await remove();
    throw new AppError('validation_failed', `upload: cannot unpack ${upload.name} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  const label = upload.kind === 'folder' ? `upload of folder ${upload.name}` : `upload of ${upload.name}${inside ? ` (folder ${inside}/ inside)` : ''}`;
  return { folder, label, remove };
}

/**
 * The files of a zip. Unpacking stops one byte
 * past the deploy limit: the folder deploy then fails with its "over 100 MiB" reason, and a zip
 * bomb never fills the disk.
 */
function unzip(name: string, data: Uint8Array): UploadedFile[] {
  const files: UploadedFile[] = [];
  let total = 0;
  let problem: string | null = null;
  const unzipper = new Unzip((file: UnzipFile) => {
    // Folders are made as their files need them; __MACOSX/ is Finder's metadata, not part of the site.
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || problem) return;
    const unsafe = unsafeUploadPath(file.name);
    if (unsafe) {
      problem = `${JSON.stringify(file.name.slice(0, 80))} in ${name} ${unsafe}`;
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) {
        problem = `${file.name} in ${name} cannot be read (${error.message})`;
        return;
      }
      const room = MAX_DEPLOY_BYTES + 1 - total;
      if (room > 0) {
        const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
        chunks.push(kept);
        total += kept.length;
      }
      if (total > MAX_DEPLOY_BYTES) file.terminate();
      if (final || total > MAX_DEPLOY_BYTES) files.push({ path: file.name, content: Buffer.concat(chunks) });
    };
    try {
      file.start();
    } catch (error) {
      problem = `${file.name} in ${name} uses a compression this app cannot read (${(error as Error).message}); zip it again with the usual "deflate"`;
    }
  });
  unzipper.register(UnzipInflate);
  try {
    unzipper.push(data, true);
  } catch (error) {
    throw new AppError('validation_failed', `upload: ${name} is not a readable zip file (${(error as Error).message}).`);
  }
  if (problem) throw new AppError('validation_failed', `upload: ${problem}.`);
  if (files.length === 0) throw new AppError('validation_failed', `upload: ${name} holds no files.`);
  return files;
}

/** A zip made by "compress this folder" holds everything in one top folder: deploy what is inside it. */
function withoutSharedTopFolder(files: UploadedFile[]): { files: UploadedFile[]; inside: string | null } {
  const tops = new Set(files.map((file) => (file.path.includes('/') ? file.path.split('/')[0] : '')));
  const [top] = tops;
  if (tops.size !== 1 || !top) return { files, inside: null };
  return { files: files.map((file) => ({ ...file, path: file.path.slice(top.length + 1) })), inside: top };
}
