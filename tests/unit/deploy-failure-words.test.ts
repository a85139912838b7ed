/**
 * A failed deploy's reason is recorded typed: the engine's English (the API's and the CLI's `reason`)
 * and the window's words in each of its languages come from the same failure, every reason with
 * words of its own, its names filled in, never English standing in for a translation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { deployReasonWords } from '../../src/renderer/src/areas/sites/deploy-words';
import { showLanguage } from '../../src/renderer/src/i18n/i18n';
import { deployFailureEnglish, type DeployFailure, type DeployFailureReason } from '../../src/shared/deploy-failures';

const MIB = 1024 * 1024;
const SAMPLES: { [R in DeployFailureReason]: DeployFailure & { reason: R } } = {
  folder_missing: { reason: 'folder_missing', folder: '/srv/site' },
  folder_is_file: { reason: 'folder_is_file', folder: '/srv/site.txt' },
  no_index: { reason: 'no_index', folder: 'upload of folder about' },
  folder_unreadable: { reason: 'folder_unreadable', path: 'private', systemCode: 'EACCES' },
  symlink_outside: { reason: 'symlink_outside', path: 'leak.txt', target: '../secret.txt', folder: '/srv/site' },
  symlink_broken: { reason: 'symlink_broken', path: 'gone.html', target: 'missing.html' },
  special_file: { reason: 'special_file', path: 'fifo' },
  changed_during_deploy: { reason: 'changed_during_deploy', path: 'css', folder: '/srv/site' },
  folder_over_limit: { reason: 'folder_over_limit', path: 'video.mp4', bytes: 120.5 * MIB, maxBytes: 100 * MIB },
  upload_unpacks_over_limit: {
    reason: 'upload_unpacks_over_limit',
    upload: 'bomb.zip',
    path: 'zeros.bin',
    maxBytes: 100 * MIB,
  },
  adoption_site_over_limit: { reason: 'adoption_site_over_limit', maxBytes: 100 * MIB },
  copy_failed: { reason: 'copy_failed', systemCode: 'ENOSPC', message: 'ENOSPC: no space left on device, write' },
};
const ALL = Object.values(SAMPLES) as DeployFailure[];
const NAMES = ['folder', 'path', 'target', 'upload', 'systemCode'] as const;

async function wordsIn(language: 'en' | 'fr' | 'es' | 'de'): Promise<string[]> {
  await showLanguage(language);
  return ALL.map((failure) => deployReasonWords({ failure, reason: deployFailureEnglish(failure) }) ?? '(none)');
}

afterAll(() => showLanguage('en'));

describe('a failed deploy’s reason, in every face’s words', () => {
  it('the engine’s English names what failed; the window’s English does too, with its figures', async () => {
    const english = await wordsIn('en');
    ALL.forEach((failure, index) => {
      for (const name of NAMES) {
        const value = (failure as Record<string, unknown>)[name];
        if (typeof value !== 'string') continue;
        expect(deployFailureEnglish(failure), `${failure.reason}.${name}`).toContain(value);
        expect(english[index], `${failure.reason}.${name}`).toContain(value);
      }
      expect(english[index], failure.reason).not.toMatch(/\(none\)|deployFailure\.|\{\{/);
    });
    expect(new Set(english).size).toBe(english.length);
    expect(english[ALL.indexOf(SAMPLES.folder_over_limit)]).toContain('100 MB');
  });

  it.each(['fr', 'es', 'de'] as const)('in %s: every reason translated, never the English', async (language) => {
    const english = await wordsIn('en');
    const theirs = await wordsIn(language);
    ALL.forEach((failure, index) => {
      expect(theirs[index], `${language} ${failure.reason}`).not.toMatch(/\(none\)|deployFailure\.|\{\{/);
      expect(theirs[index], `${language} ${failure.reason}`).not.toBe(english[index]);
    });
    expect(new Set(theirs).size).toBe(theirs.length);
  });

  it('a deploy recorded before failures were typed shows its English; one that succeeded, nothing', async () => {
    await showLanguage('fr');
    expect(deployReasonWords({ failure: null, reason: 'no index.html: site has no index.html' })).toBe(
      'no index.html: site has no index.html',
    );
    expect(deployReasonWords({ failure: null, reason: null })).toBeNull();
    expect(deployReasonWords({ failure: SAMPLES.folder_over_limit, reason: '' })).toContain('120,5\u202fMo');
  });
});
