import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DNS_CHECK_REASONS } from '../../src/shared/dns-check';
import {
  ERROR_STATUS,
  type ConflictDetails,
  type ErrorDetails,
  type NotFoundDetails,
  type PhotoTooLarge,
  type PhotoUnsupported,
} from '../../src/shared/errors';
import { checkLinks, headingAnchors, markdownFilesUnder, reachablePages } from '../helpers/markdown';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const ROOT = path.resolve(__dirname, '../..');
const README = path.join(ROOT, 'README.md');
const DOCS = path.join(ROOT, 'docs');
const README_MAX_LINES = 250;

describe('the README and docs/', () => {
  it(`keeps the README a landing page of at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has every relative link resolve to a file, and every #fragment to a heading', () => {
    const problems = [README, ...markdownFilesUnder(DOCS)]
      .flatMap((file) => checkLinks(file).problems)
      .map((problem) => path.relative(ROOT, problem));
    expect(problems).toEqual([]);
  });

  it('links every page under docs/ from the README or a page linked from it', () => {
    const reached = reachablePages(README);
    const orphans = markdownFilesUnder(DOCS).filter((page) => !reached.has(page));
    expect(orphans.map((page) => path.relative(ROOT, page))).toEqual([]);
  });

  it('documents every error code in docs/errors.md, with its status', () => {
    const catalogue = fs.readFileSync(path.join(DOCS, 'errors.md'), 'utf8');
    const rows = new Map(
      [...catalogue.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]),
    );
    expect(Object.fromEntries(rows)).toEqual(ERROR_STATUS);
  });

  it("documents every code's details in docs/errors.md, variant by variant, field by field", () => {
    const catalogue = fs.readFileSync(path.join(DOCS, 'errors.md'), 'utf8');
    const documented = [...catalogue.matchAll(/^\| `([a-z_]+)` \| (—|`[a-z]+: [a-z_]+`) \| ([^|]*) \|/gm)].map(
      ([, code, variant, fields]) => [
        `${code} ${variant === '—' ? '' : (variant ?? '').slice(1, -1)}`.trim(),
        [...(fields ?? '').matchAll(/`(\w+)`/g)].map((field) => field[1]),
      ],
    );
    const inCode = Object.entries(DETAILS_EXAMPLES).flatMap(([code, variants]) =>
      Object.entries(variants as Record<string, object>).map(([variant, example]) => [
        `${code} ${variant}`.trim(),
        Object.keys(example).filter((field) => `${field}: ${(example as Record<string, unknown>)[field]}` !== variant),
      ]),
    );
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(inCode));
  });

  it('documents every DNS check reason in docs/errors.md', () => {
    const catalogue = fs.readFileSync(path.join(DOCS, 'errors.md'), 'utf8');
    const start = catalogue.indexOf('## DNS checks');
    const end = catalogue.indexOf('\n## ', start + 1);
    const section = catalogue.slice(start, end === -1 ? undefined : end);
    expect([...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1])).toEqual([...DNS_CHECK_REASONS]);
  });
});

describe('the link checker', () => {
  it('reports a missing file, a missing anchor and an unlinked page; ignores code and external links', () => {
    const dir = makeTempDir('docs-links');
    onTestFinished(() => removeTempDir(dir));
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Start',
        '[guide](docs/guide.md#the-path-of-one-get) · [gone](docs/gone.md) · [bad anchor](docs/guide.md#nowhere)',
        '[web](https://example.org/x.md) · `[code](docs/in-code.md)` · [here](#start)',
        '```sh',
        '[fenced](docs/in-fence.md)',
        '```',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'docs', 'guide.md'),
      '# Guide\n\n## The path of one `GET`\n\n```sh\n# not a heading\n```\n',
    );
    fs.writeFileSync(path.join(dir, 'docs', 'orphan.md'), '# Orphan\n');

    const { problems } = checkLinks(path.join(dir, 'README.md'));
    expect(problems.map((problem) => problem.slice(dir.length + 1))).toEqual([
      'README.md:2: docs/gone.md: no such file',
      'README.md:2: docs/guide.md#nowhere: no heading with that anchor in guide.md',
    ]);
    const reached = reachablePages(path.join(dir, 'README.md'));
    expect(reached.has(path.join(dir, 'docs', 'guide.md'))).toBe(true);
    expect(reached.has(path.join(dir, 'docs', 'orphan.md'))).toBe(false);
  });

  it("makes GitHub's anchors: punctuation dropped, code kept, repeats numbered", () => {
    const anchors = headingAnchors(
      '# Certificates and HTTPS\n## `GET /pets` (deprecated)\n## Notes\n## Notes\n## Where — and why?\n',
    );
    expect([...anchors]).toEqual([
      'certificates-and-https',
      'get-pets-deprecated',
      'notes',
      'notes-1',
      'where--and-why',
    ]);
  });
});

/** One variant of a union of details per tag value: the type checker makes this list complete. */
/** Each variant by its tag; a variant whose tag is a union of several (ContractConflict) under each of them. */
type ByTag<U, K extends keyof U> = {
  [T in U[K] & string]: U extends unknown ? (T extends U[K] ? Omit<U, K> & Record<K, T> : never) : never;
};

/**
 * An example of every code's details, variant by variant ('' when a code has one shape). Typed
 * against ErrorDetails, so a field added, dropped or renamed there fails the typecheck here, and the
 * test above then wants docs/errors.md to follow.
 */
const DETAILS_EXAMPLES: { [C in keyof ErrorDetails]: Record<string, ErrorDetails[C]> } = {
  validation_failed: {
    '': { field: 'redirectTo' },
    'reason: ca_file_missing': { field: 'acme.caFile', reason: 'ca_file_missing', path: '/home/ops/pebble-cert.pem' },
    'reason: ca_file_not_pem': { field: 'acme.caFile', reason: 'ca_file_not_pem', path: '/home/ops/notes.txt' },
    'reason: birth_date_future': { field: 'birthDate', reason: 'birth_date_future', today: '2026-11-27' },
    'reason: microchip_characters': { field: 'microchipNumber', reason: 'microchip_characters', max: 40 },
    'reason: fee_decimals': { field: 'adoptionFee', reason: 'fee_decimals' },
    'reason: transfer_destination_missing': { field: 'transferTo', reason: 'transfer_destination_missing' },
    'reason: transfer_destination_unknown': { field: 'transferTo', reason: 'transfer_destination_unknown' },
    'reason: transfer_destination_not_transfer': {
      field: 'receivingOrganisation',
      reason: 'transfer_destination_not_transfer',
    },
    'reason: name_reserved': { field: 'name', reason: 'name_reserved', reserved: 'desk' },
    'reason: unknown_placeholder': {
      field: 'words.subject',
      reason: 'unknown_placeholder',
      placeholder: 'nickname',
      allowed: ['shelter', 'petName'],
    },
    'reason: upload_unsafe_path': {
      field: 'upload',
      upload: 'site.zip',
      path: '../evil.html',
      reason: 'upload_unsafe_path',
      problem: 'dot_segment',
      maxLength: 1024,
    },
    'reason: upload_write_failed': {
      field: 'upload',
      upload: 'site.zip',
      path: 'index.html',
      reason: 'upload_write_failed',
      systemCode: 'ENOSPC',
    },
    'reason: upload_over_limit': {
      field: 'data',
      reason: 'upload_over_limit',
      bytes: 120_000_000,
      maxBytes: 104_857_600,
    },
    'reason: upload_path_twice': { field: 'files', reason: 'upload_path_twice', path: 'index.html' },
    'reason: photo_given_twice': { field: 'photos', reason: 'photo_given_twice', file: 'copy.jpg', sameAs: 'a.jpg' },
    'reason: backup_folder_not_made': {
      field: 'folder',
      reason: 'backup_folder_not_made',
      folder: '/mnt/usb/backups',
      systemCode: 'EACCES',
    },
    'reason: lab_clock_too_far': { field: 'duration', reason: 'lab_clock_too_far', maxDays: 366, aheadDays: 300 },
    ...Object.fromEntries(
      (['address_empty', 'address_not_https', 'address_malformed', 'address_port'] as const).map((reason) => [
        `reason: ${reason}`,
        { field: 'address', reason, address: 'http://shelter-pc' },
      ]),
    ),
  },
  plan_required: {
    '': {
      accountId: 3,
      accountName: 'Happy Paws',
      planId: 'free',
      needed: 'pro',
      project: 'happy-paws',
      deployRequired: false,
    },
  },
  deploy_required: { '': { project: 'happy-paws' } },
  not_found: Object.fromEntries(
    Object.values({
      project: { missing: 'project', reference: 'nope' },
      deploy: { missing: 'deploy', project: 'happy-paws', number: 9 },
      domain: { missing: 'domain', name: 'www.shelter.test' },
      photo: { missing: 'photo', petId: 7, photoId: 12 },
      person: { missing: 'person', personId: 4 },
      pet: { missing: 'pet', petId: 7 },
      dose: { missing: 'dose', doseId: 9 },
      treatment: { missing: 'treatment', treatmentId: 3 },
      staff: { missing: 'staff', staffId: 2 },
      invitation: { missing: 'invitation', invitationId: 3 },
      contract: { missing: 'contract', contractId: 4 },
      submission: { missing: 'submission', submissionId: 5 },
      report: { missing: 'report', reportId: 5 },
      backup: { missing: 'backup', path: '/srv/backups/backup-20261127T020000.000Z' },
      data_dir: { missing: 'data_dir', path: '/srv/adoption-desk' },
    } satisfies ByTag<NotFoundDetails, 'missing'>).map((example) => [`missing: ${example.missing}`, example]),
  ),
  conflict: Object.fromEntries(
    Object.values({
      port_in_use: { reason: 'port_in_use', port: 4010, host: '127.0.0.1', listener: 'http' },
      domain_attached: {
        reason: 'domain_attached',
        domain: 'www.shelter.test',
        project: 'happy-paws',
        sameProject: false,
      },
      primary_has_redirects: {
        reason: 'primary_has_redirects',
        domain: 'www.shelter.test',
        redirects: ['shelter.test'],
      },
      domain_not_verified: { reason: 'domain_not_verified', domain: 'www.shelter.test', status: 'pending' },
      photo_limit: { reason: 'photo_limit', petId: 7, max: 6 },
      photo_already_added: { reason: 'photo_already_added', petId: 7, photoId: 12, position: 2 },
      portal_would_drop: {
        reason: 'portal_would_drop',
        portal: 'rescuegroups',
        animals: [{ id: 7, name: 'Olive', reason: 'refused' }],
      },
      portal_first_upload: { reason: 'portal_first_upload', portal: 'adoptapet' },
      stay_open: { reason: 'stay_open', petId: 7, stayId: 3 },
      no_open_stay: { reason: 'no_open_stay', petId: 7 },
      reservation_active: { reason: 'reservation_active', petId: 7, reservationId: 2, personId: 4 },
      no_active_reservation: { reason: 'no_active_reservation', petId: 7 },
      foster_open: { reason: 'foster_open', petId: 7, fosterId: 5, personId: 4 },
      no_open_foster: { reason: 'no_open_foster', petId: 7 },
      date_before_previous: {
        reason: 'date_before_previous',
        petId: 7,
        at: 1_780_000_000_000,
        previousAt: 1_780_100_000_000,
        previous: 'reservation',
      },
      date_in_future: { reason: 'date_in_future', at: 1_790_000_000_000, now: 1_780_000_000_000 },
      do_not_adopt: { reason: 'do_not_adopt', personId: 4, flagReason: 'returned two dogs unfed' },
      not_adopted: { reason: 'not_adopted', petId: 7 },
      person_forgotten: { reason: 'person_forgotten', personId: 4 },
      dose_not_waiting: { reason: 'dose_not_waiting', doseId: 9, petId: 7, status: 'given' },
      dose_mismatch: { reason: 'dose_mismatch', doseId: 9, petId: 7, vaccine: 'Rabies' },
      already_given: { reason: 'already_given', doseId: 9, petId: 7, vaccine: 'DHPP', givenDate: '2026-11-27' },
      care_date_in_future: { reason: 'care_date_in_future', date: '2026-12-01', today: '2026-11-27' },
      already_spayed_neutered: { reason: 'already_spayed_neutered', petId: 7, treatmentId: 3, givenDate: '2026-10-02' },
      report_not_open: { reason: 'report_not_open', reportId: 5, state: 'returned' },
      not_a_match: { reason: 'not_a_match', reportId: 5, other: 'pet', otherId: 7 },
      last_owner: { reason: 'last_owner', staffId: 1 },
      login_taken: { reason: 'login_taken', login: 'sam' },
      team_mode_off: { reason: 'team_mode_off' },
      no_owner: { reason: 'no_owner' },
      team_exists: { reason: 'team_exists' },
      backup_damaged: {
        reason: 'backup_damaged',
        backup: '/srv/backups/backup-20261127T020000.000Z',
        problems: [{ path: 'production.sqlite', problem: 'hash_mismatch' }],
      },
      backup_target_not_empty: { reason: 'backup_target_not_empty', dataDir: '/srv/adoption-desk' },
      backup_unknown_key: {
        reason: 'backup_unknown_key',
        backup: '/srv/backups/backup-20261127T020000.000Z',
        authenticity: 'unknown_key',
      },
      data_dir_in_use: { reason: 'data_dir_in_use', dataDir: '/srv/adoption-desk', environment: 'production' },
      contract_signed: { reason: 'contract_signed', contractId: 2, stayId: 5, kind: 'adoption', replacedBy: null },
      contract_replaced: { reason: 'contract_replaced', contractId: 2, stayId: 5, kind: 'adoption', replacedBy: 3 },
      contract_elsewhere: {
        reason: 'contract_elsewhere',
        contractId: 2,
        stayId: 6,
        kind: 'adoption',
        replacedBy: null,
      },
    } satisfies ByTag<ConflictDetails, 'reason'>).map((example) => [`reason: ${example.reason}`, example]),
  ),
  edit_conflict: {
    '': {
      current: { id: 7, name: 'Olive', version: 4 },
      currentVersion: 4,
      yourVersion: 3,
      changedBy: 'Sam',
      changedAt: 1_780_000_000_000,
    },
  },
  forbidden: {
    'reason: role_not_allowed': { reason: 'role_not_allowed', role: 'volunteer', channel: 'pets.remove' },
    'reason: desk_only': { reason: 'desk_only', channel: 'staff.setupOwner' },
    'reason: not_in_care': { reason: 'not_in_care', role: 'foster', channel: 'pets.profile', petId: 7 },
    'reason: field_not_allowed': {
      reason: 'field_not_allowed',
      role: 'volunteer',
      channel: 'care.give',
      field: 'round.vetId',
    },
    'reason: own_password': { reason: 'own_password', staffId: 1 },
  },
  unauthorized: Object.fromEntries(
    (['login_required', 'session_expired', 'login_failed', 'invite_invalid', 'password_wrong'] as const).map(
      (reason) => [`reason: ${reason}`, { reason }],
    ),
  ),
  payload_too_large: Object.fromEntries(
    Object.values({
      photo_bytes: { reason: 'photo_bytes', file: 'luna.jpg', bytes: 30_000_000, maxBytes: 26_214_400 },
      photo_pixels: { reason: 'photo_pixels', file: 'bomb.png', width: 60_000, height: 60_000, maxPixels: 100_000_000 },
      photo_processing_time: { reason: 'photo_processing_time', file: 'luna.jpg', seconds: 30 },
    } satisfies ByTag<PhotoTooLarge, 'reason'>).map((example) => [`reason: ${example.reason}`, example]),
  ),
  rate_limited: { 'reason: login_throttled': { reason: 'login_throttled', retryAfter: 42 } },
  unsupported_media_type: Object.fromEntries(
    Object.values({
      not_an_image: { reason: 'not_an_image', file: 'notes.jpg' },
      photo_format: { reason: 'photo_format', file: 'luna.heic', format: 'heif', accepted: ['jpeg', 'png', 'webp'] },
    } satisfies ByTag<PhotoUnsupported, 'reason'>).map((example) => [`reason: ${example.reason}`, example]),
  ),
  server_unreachable: { '': { host: 'shelter-pc', port: 4020, cause: 'refused', systemCode: 'ECONNREFUSED' } },
  server_timeout: { '': { host: 'shelter-pc', port: 4020, phase: 'handshake', timeoutMs: 5000 } },
  server_not_tls: { '': { host: 'shelter-pc', port: 4020 } },
  server_not_adoption_desk: { '': { url: 'https://shelter-pc:4020/admin/', status: 404 } },
  server_certificate_invalid: { '': { host: 'shelter-pc', problem: 'name_mismatch' } },
  server_identity_changed: {
    '': {
      host: 'shelter-pc',
      pinnedFingerprint: 'AB:CD',
      presentedFingerprint: '12:34',
      pinnedCode: 'ABCD-0000-0000-0000',
      presentedCode: '1234-0000-0000-0000',
    },
  },
};
