/**
 * What a browser is told about a site's pages: every site answer forbids framing
 * by other sites (in X-Frame-Options and a Content-Security-Policy header) and sniffing, and the
 * built-in adoption page carries a strict Content-Security-Policy of its own, in its <meta> and as a
 * header: script and style from the site itself only, never framed.
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

/** A Content-Security-Policy as directive → values. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('every site answer', () => {
  it.each([
    ['a page', () => uploaded, '/', 200, 'SAMEORIGIN', "'self'"],
    ['a missing page (the server’s own 404)', () => uploaded, '/nothing-here', 404, 'DENY', "'none'"],
    ['a name that serves nothing', () => 'no-such-project.localhost', '/', 404, 'DENY', "'none'"],
    ['the adoption page', () => adoption, '/', 200, 'DENY', "'none'"],
    ['an adoption page asset', () => adoption, '/assets/site.css', 200, 'DENY', "'none'"],
    ['a missing adoption page', () => adoption, '/nothing-here', 404, 'DENY', "'none'"],
  ])(
    '%s: nosniff, and framing refused in X-Frame-Options and the Content-Security-Policy header',
    async (_label, host, target, status, frameOptions, frameAncestors) => {
      const answer = await siteRequest(server.port, host(), target);
      expect(answer.status).toBe(status);
      expect(answer.headers['x-frame-options']).toBe(frameOptions);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(directivesOf(answer.headers['content-security-policy'] ?? '').get('frame-ancestors')).toEqual([
        frameAncestors,
      ]);
    },
  );

  it('an uploaded site’s content is its owner’s: its header policy forbids only framing by other sites', async () => {
    const answer = await siteRequest(server.port, uploaded, '/');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it('the server’s own pages run and load nothing', async () => {
    const directives = directivesOf(
      (await siteRequest(server.port, 'no-such-project.localhost', '/')).headers['content-security-policy'] ?? '',
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toBeUndefined();
  });
});

describe('the adoption page', () => {
  it('carries a Content-Security-Policy allowing script and style from the site itself only, and has no inline code', async () => {
    const answer = await siteRequest(server.port, adoption, '/');
    const page = answer.body;
    expect(page).toContain('Biscuit &lt;script&gt;');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '';
    const directives = directivesOf(policy);
    // The same policy travels as a header, where it can also forbid framing.
    expect(answer.headers['content-security-policy']).toBe(`${policy}; frame-ancestors 'none'`);
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
