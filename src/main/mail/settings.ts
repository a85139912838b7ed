import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { MailSettingsSchema, type MailSettings, type MailSettingsInput } from '../../shared/mail';
import { writeFileAtomically } from '../files/atomic-write';

interface SettingsRow extends MailSettings {
  paused: number;
}

/** What a shelter's provider usually allows a small account in a day; staff set their own. */
export const DEFAULT_DAILY_CAP = 500;

/**
 * The shelter's SMTP settings: a row of the database, but the password in `mail-password-<env>`
 * beside it, 0600 and written whole, so it is in no backup (backup/layout.ts lists what one takes),
 * no audit trail (the input field is marked secret) and no answer (`view` tells only that one is stored).
 */
export class MailSettingsStore {
  private readonly passwordFile: string;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    dataDir: string,
    environment: Environment,
  ) {
    this.passwordFile = path.join(dataDir, `mail-password-${environment}`);
  }

  get(): MailSettings | null {
    const row = this.row();
    if (!row) return null;
    const { paused: _paused, ...settings } = row;
    return settings;
  }

  paused(): boolean {
    return Boolean(this.row()?.paused);
  }

  /** Merges what is given into what is stored; the first save needs host, port, security and from. */
  set(input: MailSettingsInput): MailSettings {
    const { password, ...fields } = input;
    const current = this.get();
    const merged = MailSettingsSchema.safeParse({
      username: null,
      fromName: null,
      dailyCap: DEFAULT_DAILY_CAP,
      unsubscribeBase: null,
      ...current,
      ...fields,
    });
    if (!merged.success) {
      const field = String(merged.error.issues[0]?.path[0] ?? 'host');
      throw new AppError('validation_failed', `Mail settings: ${field} is missing or invalid.`, { details: { field } });
    }
    const s = merged.data;
    this.sqlite
      .prepare(
        `INSERT INTO mail_settings (id, host, port, security, username, from_address, from_name, daily_cap, unsubscribe_base, updated_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET host = excluded.host, port = excluded.port, security = excluded.security,
           username = excluded.username, from_address = excluded.from_address, from_name = excluded.from_name,
           daily_cap = excluded.daily_cap, unsubscribe_base = excluded.unsubscribe_base, updated_at = excluded.updated_at`,
      )
      .run(
        s.host,
        s.port,
        s.security,
        s.username,
        s.fromAddress,
        s.fromName,
        s.dailyCap,
        s.unsubscribeBase,
        this.clock.now(),
      );
    if (password !== undefined) this.setPassword(password);
    return s;
  }

  setPaused(paused: boolean): void {
    const changed = this.sqlite
      .prepare('UPDATE mail_settings SET paused = ?, updated_at = ? WHERE id = 1')
      .run(paused ? 1 : 0, this.clock.now());
    if (changed.changes === 0) throw new AppError('conflict', 'Mail is not set up yet: save the mail settings first.');
  }

  /** An empty password removes the file (a relay that asks for none). */
  setPassword(password: string): void {
    if (password === '') fs.rmSync(this.passwordFile, { force: true });
    else writeFileAtomically(this.passwordFile, password, 0o600);
  }

  password(): string | null {
    try {
      return fs.readFileSync(this.passwordFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  passwordStored(): boolean {
    return fs.existsSync(this.passwordFile);
  }

  private row(): SettingsRow | undefined {
    return this.sqlite
      .prepare(
        `SELECT host, port, security, username, from_address AS fromAddress, from_name AS fromName, daily_cap AS dailyCap,
           unsubscribe_base AS unsubscribeBase, paused FROM mail_settings WHERE id = 1`,
      )
      .get() as SettingsRow | undefined;
  }
}
