/**
 * Run before each file of the shared-modules project, whose files share one module graph: what one
 * file switches on a shared instance is switched back when it ends, so the next file starts as a
 * fresh one would.
 */
import { afterAll } from 'vitest';
import { showLanguage, shownLanguage } from '../../src/renderer/src/i18n/i18n';

afterAll(async () => {
  if (shownLanguage() !== 'en') await showLanguage('en');
});
