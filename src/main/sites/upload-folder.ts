import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DeployFailure } from '../../shared/deploy-failures';
import { AppError } from '../../shared/errors';
import type { SiteUpload } from '../../shared/site-upload';
import { unpackZip } from './upload-zip';

export interface UnpackedUpload {
  /** A temporary folder holding the upload; the caller removes it with `remove()`. */
  folder: string;
  /** How the deploy's source reads, e.g. "upload of site.zip". */
  label: string;
  /** Why the upload cannot be a deploy although it unpacked (a zip over the size limit): a failed deploy's reason. */
  refusal: DeployFailure | null;
  remove(): Promise<void>;
}

/**
 * Writes an upload into a temporary folder, so the folder deploy (and each of its rules: index.html,
 * size) judges it exactly as a folder on disk. Paths that could leave the folder are refused.
 */
export async function unpackUpload(upload: SiteUpload): Promise<UnpackedUpload> {
  const temporary = await fs.mkdtemp(path.join(os.tmpdir(), 'adk-upload-'));
  const remove = () => fs.rm(temporary, { recursive: true, force: true });
  try {
    if (upload.kind === 'folder') {
      await writeFolder(upload.files, temporary, upload.name);
      return { folder: temporary, label: `upload of folder ${upload.name}`, refusal: null, remove };
    }
    const zip = await unpackZip(upload.name, Buffer.from(upload.data, 'base64'), temporary);
    const inside = sharedTopFolder(zip.paths);
    const label = `upload of ${upload.name}${inside ? ` (folder ${inside}/ inside)` : ''}`;
    return { folder: inside ? path.join(temporary, inside) : temporary, label, refusal: zip.overLimit, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function writeFolder(files: { path: string; data: string }[], folder: string, name: string): Promise<void> {
  for (const file of files) {
    const target = path.join(folder, ...file.path.split('/'));
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, Buffer.from(file.data, 'base64'), { flag: 'wx' });
    } catch (error) {
      const systemCode = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new AppError('validation_failed', `upload: cannot unpack ${name} (${systemCode}).`, {
        details: { field: 'upload', reason: 'upload_write_failed', upload: name, path: file.path, systemCode },
      });
    }
  }
}

/** A zip made by "compress this folder" holds everything in one top folder: deploy what is inside it. */
function sharedTopFolder(paths: string[]): string | null {
  const tops = new Set(paths.map((file) => (file.includes('/') ? file.split('/')[0] : '')));
  const [top] = tops;
  return tops.size === 1 && top ? top : null;
}
