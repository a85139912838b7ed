import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import { AltTextSchema, MAX_PHOTOS_PER_PET, type PetPhoto } from '../../shared/photos';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import { defaultAltText, type PhotoSubject } from './alt-text';
import { PhotoFiles } from './photo-files';
import { processPhoto, type ProcessedPhoto } from './process-photo';
import { PhotoStore, type PhotoRow } from './store';

export interface PhotoInput {
  /** The file's name as given, for refusals. */
  name: string;
  bytes: Buffer;
  alt?: string;
}

export interface PhotoServiceDependencies {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  /** The folder of this environment's photo files. */
  dir: string;
  /** The pet a photo belongs to, in the words a default alt text uses; throws not_found for no such pet. */
  subjectOf: (petId: number) => PhotoSubject;
}

/**
 * A pet's photos: up to six, in order, the first the cover. Every photo is processed (process-photo.ts)
 * before anything is written; its files are written before its row, under the write lock, and a
 * failure removes what it wrote. A file is deleted once no row names it (photo_releases).
 */
export class PhotoService {
  private readonly store: PhotoStore;
  readonly files: PhotoFiles;

  constructor(private readonly dependencies: PhotoServiceDependencies) {
    this.store = new PhotoStore(dependencies.sqlite);
    this.files = new PhotoFiles(dependencies.dir);
    // A removed pet's rows go by cascade; the trigger notes their files, released here.
    dependencies.changes.on((topic) => {
      if (topic !== 'pets') return;
      try {
        this.releaseUnused();
      } catch {
        // A busy or full database: the notes stay, and the next change of pets tries again.
      }
    });
  }

  /** Every pet's photos in one query, in order, by pet id; `alt` as stored ('' when the pet's own words stand in: defaultAltText). */
  allByPet(): Map<number, PhotoRow[]> {
    const byPet = new Map<number, PhotoRow[]>();
    for (const row of this.store.all()) {
      const rows = byPet.get(row.petId);
      if (rows) rows.push(row);
      else byPet.set(row.petId, [row]);
    }
    return byPet;
  }

  list(petId: number): PetPhoto[] {
    const subject = this.dependencies.subjectOf(petId);
    return this.store.ofPet(petId).map((row) => this.photoOf(row, subject));
  }

  /**
   * All or nothing: every file is checked and processed first, then all are stored in one
   * transaction. The pet's photo count is checked before the work and again under the lock.
   */
  async add(petId: number, inputs: readonly PhotoInput[]): Promise<PetPhoto[]> {
    this.dependencies.subjectOf(petId);
    this.assertRoom(petId, inputs.length);
    const processed: { photo: ProcessedPhoto; input: PhotoInput }[] = [];
    for (const input of inputs) {
      const alt = input.alt === undefined ? '' : parseOrThrow(AltTextSchema, input.alt, 'alt');
      processed.push({ photo: await processPhoto(input.name, input.bytes), input: { ...input, alt } });
    }
    const ids = this.store.locked(() => {
      this.assertRoom(petId, processed.length);
      const created: string[] = [];
      try {
        const seen = new Map<string, string>();
        return processed.map(({ photo, input }) => {
          this.assertNew(petId, photo.hash, seen, input.name);
          created.push(...this.files.write(photo));
          return this.store.insert({
            petId,
            position: this.store.count(petId) + 1,
            hash: photo.hash,
            alt: input.alt ?? '',
            width: photo.width,
            height: photo.height,
            bytes: photo.full.length,
            thumbWidth: photo.thumbWidth,
            thumbHeight: photo.thumbHeight,
            createdAt: this.dependencies.clock.now(),
          });
        });
      } catch (error) {
        // Files only this call wrote: the rollback takes their rows, and no other row names them yet.
        this.removeQuietly(created);
        throw error;
      }
    });
    this.dependencies.changes.emit('pets');
    const added = new Set(ids);
    return this.list(petId).filter((photo) => added.has(photo.id));
  }

  /** Moves a photo to `position` (1 is the cover); the others keep their order around it. */
  move(petId: number, photoId: number, position: number): PetPhoto[] {
    this.store.locked(() => {
      const rows = this.store.ofPet(petId);
      const photo = this.existing(petId, photoId);
      const others = rows.filter((row) => row.id !== photo.id);
      const at = Math.min(Math.max(1, position), rows.length) - 1;
      this.store.renumber([
        ...others.slice(0, at).map((row) => row.id),
        photo.id,
        ...others.slice(at).map((row) => row.id),
      ]);
    });
    this.dependencies.changes.emit('pets');
    return this.list(petId);
  }

  setAlt(petId: number, photoId: number, alt: string): PetPhoto {
    const text = parseOrThrow(AltTextSchema, alt, 'alt');
    this.existing(petId, photoId);
    this.store.setAlt(photoId, text);
    this.dependencies.changes.emit('pets');
    const photo = this.list(petId).find((one) => one.id === photoId);
    if (!photo) throw this.missing(petId, photoId);
    return photo;
  }

  /** Removes the photo, closes the gap in the order, and deletes its files unless another pet has the same photo. */
  remove(petId: number, photoId: number): PetPhoto[] {
    this.store.locked(() => {
      const photo = this.existing(petId, photoId);
      this.store.remove(photo.id);
      this.store.renumber(this.store.ofPet(petId).map((row) => row.id));
    });
    this.releaseUnused();
    this.dependencies.changes.emit('pets');
    return this.list(petId);
  }

  /** Deletes the files whose last row went (a photo or a pet removed here or by another process, or before a crash). */
  releaseUnused(): void {
    if (!this.store.hasReleases()) return;
    this.store.locked(() => {
      for (const hash of this.store.releases()) {
        if (!this.store.isUsed(hash)) this.files.remove(hash);
        this.store.released(hash);
      }
    });
  }

  /**
   * Removes the files a crash left without a row (photo-files.ts, removeStrays). Under the write
   * lock: another process writes a photo's files and its row while holding it, so none is half-way.
   */
  removeStrayFiles(): string[] {
    if (!fs.existsSync(this.files.dir)) return [];
    return this.store.locked(() => this.files.removeStrays(this.store.hashes()));
  }

  /** Refuses `adding` more photos when the pet would hold more than six: before a file is even read. */
  assertRoom(petId: number, adding: number): void {
    const count = this.store.count(petId);
    if (count + adding > MAX_PHOTOS_PER_PET) {
      const room = MAX_PHOTOS_PER_PET - count;
      throw new AppError(
        'conflict',
        `Pet ${petId} has ${count} of its ${MAX_PHOTOS_PER_PET} photos; ${room === 0 ? 'no more can be added' : `only ${room} more can be added, not ${adding}`}.`,
        { details: { reason: 'photo_limit', petId, max: MAX_PHOTOS_PER_PET } },
      );
    }
  }

  /** `seen`: the photos of this call already stored, by hash, with the name each was given as; checked first, as the rows they just made would name them too. */
  private assertNew(petId: number, hash: string, seen: Map<string, string>, file: string): void {
    const earlier = seen.get(hash);
    if (earlier !== undefined) {
      const twice = earlier === file ? `${file} is given twice` : `${file} is the same photo as ${earlier}`;
      throw new AppError('validation_failed', `${twice}; give each photo once. Nothing was added.`, {
        details: { field: 'photos', reason: 'photo_given_twice', file, sameAs: earlier },
      });
    }
    seen.set(hash, file);
    const already = this.store.byHash(petId, hash);
    if (already) {
      throw new AppError('conflict', `${file} is already photo ${already.position} of pet ${petId}.`, {
        details: { reason: 'photo_already_added', petId, photoId: already.id, position: already.position },
      });
    }
  }

  private existing(petId: number, photoId: number): PhotoRow {
    const row = this.store.one(petId, photoId);
    if (!row) throw this.missing(petId, photoId);
    return row;
  }

  private missing(petId: number, photoId: number): AppError {
    this.dependencies.subjectOf(petId);
    return new AppError('not_found', `Pet ${petId} has no photo ${photoId}.`, {
      details: { missing: 'photo', petId, photoId },
    });
  }

  private removeQuietly(files: readonly string[]): void {
    try {
      this.files.removeWritten(files);
    } catch {
      // Left for nobody: a file no row names is never served, and the next write of that photo reuses it.
    }
  }

  private photoOf(row: PhotoRow, subject: PhotoSubject): PetPhoto {
    return { ...row, altText: row.alt === '' ? defaultAltText(subject) : row.alt };
  }
}
