/**
 * The window words each upload, photo, backup and lab-duration refusal from its reason and details in
 * every language it speaks: each reason (and each of its variants) has its own words in en, fr, es and
 * de, with the details' names and figures filled in, never English standing in for a translation.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DETAIL_REASONS, detailWords, type DetailWorded } from '../../src/renderer/src/client/error-words';
import { describeFailure, refusalMessage } from '../../src/renderer/src/client/errors';
import { AdminCallError } from '../../src/renderer/src/client/transport';
import { uploadProblem, type PickedUpload } from '../../src/renderer/src/areas/sites/site-upload-reader';
import { readDuration } from '../../src/shared/lab';
import { showLanguage } from '../../src/renderer/src/i18n/i18n';

// The transport reads the window as it loads (the preload's bridge, the page's token): a bare one in browser mode.
vi.hoisted(() =>
  Object.assign(globalThis, {
    window: {
      location: { hash: '', pathname: '/', search: '' },
      sessionStorage: { getItem: () => null, setItem: () => {} },
      history: { replaceState: () => {} },
    },
  }),
);

type Reason = DetailWorded['reason'];
type Samples = { [R in Reason]: Array<DetailWorded & { reason: R }> };

const MIB = 1024 * 1024;
const upload = { field: 'upload', upload: 'site.zip' } as const;
const folder = { field: 'folder', folder: '/srv/backups' } as const;

/** Every reason, each variant its words depend on at least once. */
const SAMPLES: Samples = {
  upload_not_zip: [{ ...upload, reason: 'upload_not_zip' }],
  upload_unreadable: [{ ...upload, reason: 'upload_unreadable' }],
  upload_empty: [{ ...upload, reason: 'upload_empty' }],
  upload_too_many_entries: [{ ...upload, reason: 'upload_too_many_entries', max: 30_000 }],
  upload_too_many_files: [{ ...upload, reason: 'upload_too_many_files', max: 10_000 }],
  upload_unsafe_path: (['empty', 'too_long', 'backslash', 'control_character', 'absolute', 'dot_segment'] as const).map(
    (problem) => ({
      ...upload,
      reason: 'upload_unsafe_path' as const,
      path: problem === 'empty' ? '' : '../evil.html',
      problem,
      maxLength: 1024,
    }),
  ),
  upload_compression: [{ ...upload, reason: 'upload_compression', path: 'index.html' }],
  upload_entry_unreadable: [{ ...upload, reason: 'upload_entry_unreadable', path: 'index.html' }],
  upload_write_failed: [{ ...upload, reason: 'upload_write_failed', path: 'index.html', systemCode: 'ENOSPC' }],
  upload_over_limit: [{ field: 'data', reason: 'upload_over_limit', bytes: 120.5 * MIB, maxBytes: 100 * MIB }],
  upload_path_twice: [{ field: 'files', reason: 'upload_path_twice', path: 'index.html' }],
  photo_bytes: [{ reason: 'photo_bytes', file: 'luna.jpg', bytes: 31.25 * MIB, maxBytes: 25 * MIB }],
  photo_pixels: [{ reason: 'photo_pixels', file: 'luna.jpg', width: 20_000, height: 10_000, maxPixels: 100_000_000 }],
  photo_processing_time: [
    { reason: 'photo_processing_time', file: 'luna.jpg', seconds: 1 },
    { reason: 'photo_processing_time', file: 'luna.jpg', seconds: 30 },
  ],
  not_an_image: [{ reason: 'not_an_image', file: 'notes.jpg' }],
  photo_format: [{ reason: 'photo_format', file: 'wag.gif', format: 'gif', accepted: ['jpeg', 'png', 'webp'] }],
  photo_already_added: [{ reason: 'photo_already_added', petId: 1, photoId: 4, position: 2 }],
  photo_given_twice: [
    { field: 'photos', reason: 'photo_given_twice', file: 'a.jpg', sameAs: 'a.jpg' },
    { field: 'photos', reason: 'photo_given_twice', file: 'copy.jpg', sameAs: 'a.jpg' },
  ],
  backup_folder_not_absolute: [{ ...folder, reason: 'backup_folder_not_absolute', folder: 'backups' }],
  backup_folder_not_chosen: [{ field: 'folder', reason: 'backup_folder_not_chosen' }],
  backup_folder_inside_data_dir: [{ ...folder, reason: 'backup_folder_inside_data_dir', inside: '/srv/desk' }],
  backup_folder_inside_deploy: [{ ...folder, reason: 'backup_folder_inside_deploy', inside: '/srv/site' }],
  backup_folder_not_made: [{ ...folder, reason: 'backup_folder_not_made', systemCode: 'EACCES' }],
  backup_damaged: [
    { reason: 'backup_damaged', backup: '/b/1', problems: [{ path: 'desk.db', problem: 'hash_mismatch' }] },
    {
      reason: 'backup_damaged',
      backup: '/b/1',
      problems: [
        { path: 'desk.db', problem: 'hash_mismatch' },
        { path: 'photos/ab.jpg', problem: 'missing' },
      ],
    },
  ],
  backup_target_not_empty: [{ reason: 'backup_target_not_empty', dataDir: '/srv/desk' }],
  backup_unknown_key: [
    { reason: 'backup_unknown_key', backup: '/b/1', authenticity: 'unknown_key' },
    { reason: 'backup_unknown_key', backup: '/b/1', authenticity: 'unsigned' },
  ],
  data_dir_in_use: [{ reason: 'data_dir_in_use', dataDir: '/srv/desk', environment: 'production' }],
  duration_unreadable: [{ field: 'duration', reason: 'duration_unreadable', text: 'soon' }],
  duration_not_positive: [{ field: 'duration', reason: 'duration_not_positive' }],
  duration_too_long: [
    { field: 'duration', reason: 'duration_too_long', maxDays: 1 },
    { field: 'duration', reason: 'duration_too_long', maxDays: 366 },
  ],
  lab_clock_too_far: [{ field: 'duration', reason: 'lab_clock_too_far', maxDays: 366, aheadDays: 300 }],
};

const ALL: DetailWorded[] = Object.values(SAMPLES).flat();
/** The names a sample's words must show as given (the figures are formatted, so checked by language below). */
const NAMES = ['upload', 'path', 'file', 'sameAs', 'folder', 'inside', 'backup', 'dataDir', 'text', 'systemCode'];

async function wordsIn(language: 'en' | 'fr' | 'es' | 'de'): Promise<string[]> {
  await showLanguage(language);
  return ALL.map((sample) => detailWords(sample) ?? '(none)');
}

afterAll(() => showLanguage('en'));

describe('the window’s words for refusals it words from their details', () => {
  it('has a sample of every reason it words', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...DETAIL_REASONS].sort());
  });

  it('in English: every reason and variant in words of its own, its names filled in', async () => {
    const english = await wordsIn('en');
    ALL.forEach((sample, index) => {
      const words = english[index]!;
      expect(words, sample.reason).not.toMatch(/\(none\)|reasons\.|\{\{/);
      for (const name of NAMES) {
        const value = (sample as Record<string, unknown>)[name];
        // The unsafe-path words name the path, not the zip; a write failure names the zip, not the entry.
        const shown =
          !(sample.reason === 'upload_unsafe_path' && name === 'upload') &&
          !(sample.reason === 'upload_write_failed' && name === 'path');
        if (typeof value === 'string' && value !== '' && shown)
          expect(words, `${sample.reason}.${name}`).toContain(value);
      }
    });
    expect(new Set(english).size, 'each variant words differently').toBe(english.length);
  });

  it.each(['fr', 'es', 'de'] as const)(
    'in %s: every reason and variant translated, never the English',
    async (language) => {
      const english = await wordsIn('en');
      const theirs = await wordsIn(language);
      ALL.forEach((sample, index) => {
        expect(theirs[index], `${language} ${sample.reason}`).not.toMatch(/\(none\)|reasons\.|\{\{/);
        expect(theirs[index], `${language} ${sample.reason}`).not.toBe(english[index]);
      });
      expect(new Set(theirs).size).toBe(theirs.length);
    },
  );

  it('writes figures the language’s way, and plurals by its rules', async () => {
    await showLanguage('de');
    expect(detailWords(SAMPLES.photo_bytes[0])).toContain('31,3 MB');
    expect(detailWords(SAMPLES.upload_too_many_files[0])).toContain('10.000');
    await showLanguage('fr');
    expect(detailWords(SAMPLES.upload_over_limit[0])).toContain('120,5 Mo');
    expect(detailWords(SAMPLES.duration_too_long[0])).toContain('1 jour.');
    expect(detailWords(SAMPLES.duration_too_long[1])).toContain('366 jours.');
    await showLanguage('en');
    expect(detailWords(SAMPLES.photo_format[0])).toBe('wag.gif is a GIF image: save it as JPEG, PNG, or WEBP.');
  });
});

describe('where the window shows them', () => {
  const refused = (details: DetailWorded | undefined, message = 'upload: site.zip holds no files.') =>
    new AdminCallError({ code: 'validation_failed', status: 400, message, details: details as never });

  it('a toast or alert and a form’s refusal use the window’s words, in English too', async () => {
    await showLanguage('es');
    const error = refused(SAMPLES.upload_empty[0]);
    expect(describeFailure(error).message).toBe('site.zip no contiene ningún archivo.');
    expect(refusalMessage(error)).toBe('site.zip no contiene ningún archivo.');
    await showLanguage('en');
    expect(refusalMessage(error)).toBe('site.zip holds no files.');
  });

  it('details it does not word leave the engine’s message (English) or the code’s words', async () => {
    await showLanguage('en');
    expect(refusalMessage(refused(undefined, 'name: must not be empty'))).toBe('name: must not be empty');
    expect(detailWords({ field: 'name' })).toBeNull();
    await showLanguage('de');
    expect(describeFailure(refused(undefined, 'name: must not be empty')).message).not.toContain('must not');
  });

  it('the window’s own checks before sending (a picked site, a lab duration) give the server’s reasons, worded alike', async () => {
    const file = (path: string) => ({ path, file: undefined as unknown as File });
    const pick = (over: Partial<PickedUpload>): PickedUpload => ({
      kind: 'folder',
      name: 'site',
      files: [file('index.html')],
      byteSize: 10,
      ...over,
    });
    expect(uploadProblem(pick({}))).toBeNull();
    expect(uploadProblem(pick({ kind: 'zip', name: 'site.rar' }))?.reason).toBe('upload_not_zip');
    expect(uploadProblem(pick({ byteSize: 200 * MIB }))).toMatchObject({
      reason: 'upload_over_limit',
      bytes: 200 * MIB,
    });
    expect(uploadProblem(pick({ files: [file('../index.html')] }))).toMatchObject({
      reason: 'upload_unsafe_path',
      problem: 'dot_segment',
    });
    await showLanguage('fr');
    const tooBig = detailWords(uploadProblem(pick({ byteSize: 200 * MIB })));
    expect(tooBig).toContain('200,0 Mo');
    const read = readDuration('bientôt');
    expect('problem' in read && detailWords(read.problem)).toContain('« bientôt »');
    await showLanguage('en');
    expect(detailWords(uploadProblem(pick({ kind: 'zip', name: 'site.rar' })))).toContain('site.rar');
  });
});
