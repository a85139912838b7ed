import fs from 'node:fs';
import path from 'node:path';
import { createFileAtomically } from '../files/atomic-write';
import { ensurePrivateDir } from '../files/owner-only';
import { PHOTO_FILE_NAME, PHOTO_SIZES, photoFilePath, type PhotoSize } from '../../shared/photos';
import type { ProcessedPhoto } from './process-photo';

const PHOTO_FOLDER = /^[0-9a-f]{2}$/;
/** writeTemp's names (files/atomic-write.ts): the photo's name, six random bytes, `.tmp`. */
const TEMP_FILE_NAME = /^[0-9a-f]{64}(-thumb)?\.jpg\.[0-9a-f]{12}\.tmp$/;

/**
 * The processed photos of one environment, named by the SHA-256 of the stored JPEG:
 * <data-dir>/photos/<environment>/<first two hex digits>/<hash>.jpg and <hash>-thumb.jpg. A name
 * says what the file holds, so a file is written once (to a temp name, then linked into place) and
 * never changed; two pets with the same photo share it.
 */
export class PhotoFiles {
  constructor(readonly dir: string) {}

  /** The file behind a served name, or null for a name that is no photo's. */
  fileOf(name: string): string | null {
    const match = PHOTO_FILE_NAME.exec(name);
    return match?.[1] ? path.join(this.dir, match[1].slice(0, 2), name) : null;
  }

  pathOf(hash: string, size: PhotoSize): string {
    return path.join(this.dir, photoFilePath(hash, size));
  }

  /** Writes both sizes unless they are there; returns the files this call created, for undoing. */
  write(photo: ProcessedPhoto): string[] {
    const created: string[] = [];
    try {
      ensurePrivateDir(path.join(this.dir, photo.hash.slice(0, 2)));
      for (const size of PHOTO_SIZES) {
        const file = this.pathOf(photo.hash, size);
        if (createFileAtomically(file, size === 'full' ? photo.full : photo.thumb)) created.push(file);
      }
    } catch (error) {
      this.removeWritten(created);
      throw error;
    }
    return created;
  }

  remove(hash: string): void {
    this.removeWritten(PHOTO_SIZES.map((size) => this.pathOf(hash, size)));
  }

  removeWritten(files: readonly string[]): void {
    for (const file of files) fs.rmSync(file, { force: true });
  }

  /**
   * Removes what a write cut short left in the folder (a `kill -9` between a file and its row): temp
   * files, and photo files whose hash is not in `named` or that sit in the wrong subfolder. Only the
   * folder's own two-hex-digit subfolders are looked in, never through a link, and a link is removed,
   * never followed; anything else stays. Returns the names removed.
   */
  removeStrays(named: ReadonlySet<string>): string[] {
    const removed: string[] = [];
    const folders = fs
      .readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && PHOTO_FOLDER.test(entry.name));
    for (const folder of folders) {
      for (const entry of fs.readdirSync(path.join(this.dir, folder.name), { withFileTypes: true })) {
        if (!entry.isFile() && !entry.isSymbolicLink()) continue;
        const photo = PHOTO_FILE_NAME.exec(entry.name);
        const stray = photo?.[1]
          ? !named.has(photo[1]) || !photo[1].startsWith(folder.name)
          : TEMP_FILE_NAME.test(entry.name);
        if (!stray) continue;
        fs.unlinkSync(path.join(this.dir, folder.name, entry.name));
        removed.push(`${folder.name}/${entry.name}`);
      }
    }
    return removed;
  }
}
