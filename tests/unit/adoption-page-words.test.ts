/** The adoption page says what it lists: every available pet of the environment, not an account's own. */
import { describe, expect, it } from 'vitest';
import { renderAdoptionPage } from '../../src/main/sites/adoption-page';

describe('the adoption page', () => {
  it('is titled with the account and says it lists every available pet of the shelter', () => {
    const html = [...renderAdoptionPage('Happy Tails app', [{ name: 'Biscuit', category: 'Dogs', status: 'available' }], Date.UTC(2026, 10, 26, 5))].join('');
    expect(html).toContain('<h1>Happy Tails app</h1>');
    expect(html).toContain('<p class="lead">Every pet of the shelter available for adoption right now</p>');
    expect(html).not.toMatch(/account's (available )?pets/);
    expect(html).toContain('1 pet available · updated 2026-11-26 05:00 UTC');
  });
});
