import type Database from 'better-sqlite3';

/** A pet_photos row as read (positions are 1-based, 1 the cover). */
export interface PhotoRow {
  id: number;
  petId: number;
  position: number;
  hash: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  thumbWidth: number;
  thumbHeight: number;
  createdAt: number;
}

export type NewPhotoRow = Omit<PhotoRow, 'id'>;

const COLUMNS =
  'id, pet_id AS petId, position, hash, alt, width, height, bytes, thumb_width AS thumbWidth, thumb_height AS thumbHeight, created_at AS createdAt';

/** The SQL of pet_photos and photo_releases; PhotoService holds the rules. */
export class PhotoStore {
  private readonly statements;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      ofPet: sqlite.prepare<[number], PhotoRow>(
        `SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = ? ORDER BY position, id`,
      ),
      all: sqlite.prepare<[], PhotoRow>(`SELECT ${COLUMNS} FROM pet_photos ORDER BY pet_id, position, id`),
      one: sqlite.prepare<[number, number], PhotoRow>(`SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = ? AND id = ?`),
      byHash: sqlite.prepare<[number, string], PhotoRow>(
        `SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = ? AND hash = ?`,
      ),
      count: sqlite.prepare<[number], { count: number }>('SELECT count(*) AS count FROM pet_photos WHERE pet_id = ?'),
      insert: sqlite.prepare<NewPhotoRow>(
        'INSERT INTO pet_photos (pet_id, position, hash, alt, width, height, bytes, thumb_width, thumb_height, created_at) VALUES (@petId, @position, @hash, @alt, @width, @height, @bytes, @thumbWidth, @thumbHeight, @createdAt)',
      ),
      setPosition: sqlite.prepare<[number, number]>('UPDATE pet_photos SET position = ? WHERE id = ?'),
      setAlt: sqlite.prepare<[string, number]>('UPDATE pet_photos SET alt = ? WHERE id = ?'),
      remove: sqlite.prepare<[number]>('DELETE FROM pet_photos WHERE id = ?'),
      anyRelease: sqlite.prepare<[], { hash: string }>('SELECT hash FROM photo_releases LIMIT 1'),
      releases: sqlite.prepare<[], { hash: string }>('SELECT hash FROM photo_releases'),
      used: sqlite.prepare<[string], { used: number }>(
        'SELECT EXISTS (SELECT 1 FROM pet_photos WHERE hash = ?) AS used',
      ),
      released: sqlite.prepare<[string]>('DELETE FROM photo_releases WHERE hash = ?'),
      hashes: sqlite.prepare<[], { hash: string }>('SELECT DISTINCT hash FROM pet_photos'),
    };
  }

  /**
   * Runs `body` holding the write lock from the start (BEGIN IMMEDIATE): a file is written or deleted
   * only while no other process can add or drop the row that names it.
   */
  locked<T>(body: () => T): T {
    return this.sqlite.transaction(body).immediate();
  }

  ofPet(petId: number): PhotoRow[] {
    return this.statements.ofPet.all(petId);
  }

  /** Every photo row, by pet then position. */
  all(): PhotoRow[] {
    return this.statements.all.all();
  }

  one(petId: number, id: number): PhotoRow | undefined {
    return this.statements.one.get(petId, id);
  }

  byHash(petId: number, hash: string): PhotoRow | undefined {
    return this.statements.byHash.get(petId, hash);
  }

  count(petId: number): number {
    return this.statements.count.get(petId)?.count ?? 0;
  }

  insert(row: NewPhotoRow): number {
    return Number(this.statements.insert.run(row).lastInsertRowid);
  }

  /** Positions 1…n in the order given. */
  renumber(ids: readonly number[]): void {
    ids.forEach((id, index) => this.statements.setPosition.run(index + 1, id));
  }

  setAlt(id: number, alt: string): void {
    this.statements.setAlt.run(alt, id);
  }

  remove(id: number): void {
    this.statements.remove.run(id);
  }

  /** Cheap enough for every change of pets: one look at a table that is almost always empty. */
  hasReleases(): boolean {
    return this.statements.anyRelease.get() !== undefined;
  }

  releases(): string[] {
    return this.statements.releases.all().map((row) => row.hash);
  }

  /** The hash of every stored photo. */
  hashes(): Set<string> {
    return new Set(this.statements.hashes.all().map((row) => row.hash));
  }

  isUsed(hash: string): boolean {
    return this.statements.used.get(hash)?.used === 1;
  }

  released(hash: string): void {
    this.statements.released.run(hash);
  }
}
