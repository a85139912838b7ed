/**
 * What a browser is told about a site's pages (issue 18.12): every site answer forbids framing by
 * other sites and sniffing, and the built-in adoption page carries a strict Content-Security-Policy
 * of its own: no script at all, and only its own style, named by hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';

let server: TestServer;
let uploaded: string;
let adoption: string;

beforeAll(async () => {
  server = await startTestServer();
  uploaded = `${(await deployedProject(server.engine, server.dataDir, { name: 'Uploaded Site', html: '<h1>Ours</h1>' })).project.slug}.localhost`;
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Adoption Site' });
  server.engine.services.pets.create({ name: 'Biscuit <script>alert(1)</script>', categoryId: 1, status: 'available' });
  await server.engine.sites.projects.deployAdoptionPage(project.slug);
  adoption = `${project.slug}.localhost`;
});

afterAll(() => server.stop());

describe('every site answer', () => {
  it.each([
    ['a page', () => uploaded, '/', 200],
    ['a missing page', () => uploaded, '/nothing-here', 404],
    ['a name that serves nothing', () => 'no-such-project.localhost', '/', 404],
    ['the adoption page', () => adoption, '/', 200],
  ])('%s: X-Frame-Options SAMEORIGIN and nosniff', async (_label, host, target, status) => {
    const answer = await siteRequest(server.port, host(), target);
    expect(answer.status).toBe(status);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the adoption page', () => {
  it('carries a Content-Security-Policy allowing script and style from the site itself only, and has no inline code', async () => {
    const page = (await siteRequest(server.port, adoption, '/')).body;
    expect(page).toContain('Biscuit &lt;script&gt;');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '';
    const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-inline');
    // Every script is a file; no style element or attribute, no event handler attribute.
    expect([...page.matchAll(/<script([^>]*)>/g)].map((match) => match[1])).toEqual([' src="/assets/site.js" defer']);
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    // The policy comes before anything it governs.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<link rel="stylesheet"'));
    const script = await siteRequest(server.port, adoption, '/assets/site.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});
