import fs from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/engine';
import { ADOPTION_SITE_CONTENT_SECURITY_POLICY } from '../../publishing/adoption-site/html';
import { deployedFiles } from '../../sites/deploy-folder';
import type { SiteRoute } from '../../sites/site-directory';
import { pathAndQuery } from '../request-host';
import { answerFrontDoor, isFrontDoorPath } from './front-door-forms';
import { answerUnsubscribe, isUnsubscribePath } from './unsubscribe';

/**
 * The Content-Security-Policy header of every site answer (a <meta> policy cannot forbid framing):
 * the adoption page's own policy, never framed; an uploaded site's content is its owner's, so only
 * framing by other sites is refused (its own pages may frame each other); the server's own pages
 * (no site here, the plain 404) run nothing and load nothing.
 */
const ADOPTION_PAGE_POLICY = `${ADOPTION_SITE_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
const UPLOADED_SITE_POLICY = "frame-ancestors 'self'";
const SERVER_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The files each live deploy was published with, read once per route (routes are made anew at every change to the sites). */
const publishedFiles = new WeakMap<SiteRoute, Promise<ReadonlySet<string> | undefined>>();

/** Whether `file` (inside the deploy's folder) is one the deploy was published with: a file written there since is not the site's. */
async function published(route: Extract<SiteRoute, { kind: 'site' }>, file: string): Promise<boolean> {
  let files = publishedFiles.get(route);
  if (!files) publishedFiles.set(route, (files = deployedFiles(route.root)));
  const list = await files;
  return list === undefined || list.has(path.relative(route.root, file).split(path.sep).join('/'));
}

/** What send answers for a path that escapes the deploy (403), is malformed (400) or absent (404). */
const NOT_FOUND_STATUSES = new Set([400, 403, 404]);

/**
 * Sites by Host on the API's own server (docs/contract.md, "Published sites and custom domains"): registered before the API's request hook, it
 * answers for site Hosts (files, redirects, "no site at this domain") and lets every other Host
 * through to the API untouched. Site answers carry no rate-limit headers (docs/contract.md, "Plan limits").
 */
export function registerSiteServing(app: FastifyInstance, engine: Engine): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!answerForSite(engine, request, reply)) done();
  });
}

/**
 * Answers the request when its Host is a site's (false, having done nothing, for any other Host).
 * Also for requests Fastify could not route (a target with bad percent-encoding): on a site Host
 * those get the site's 404, never the API's Error body.
 */
export function answerForSite(engine: Engine, request: FastifyRequest, reply: FastifyReply): boolean {
  if (engine.sites.directory.lookup(request.headers.host) === undefined) return false;
  // A removal, rollback or deploy made by another process (the CLI) counts from the very next request.
  const route = engine.latest().sites.directory.lookup(request.headers.host);
  if (route === undefined) return false;
  answer(engine, request, reply, route).catch((error: unknown) => {
    engine.log.error({ err: error, host: request.headers.host, url: request.url }, 'site request failed');
    if (!reply.sent) void reply.code(500).type('text/plain; charset=utf-8').send('internal error');
  });
  return true;
}

async function answer(engine: Engine, request: FastifyRequest, reply: FastifyReply, route: SiteRoute): Promise<void> {
  reply.header('x-content-type-options', 'nosniff');
  // A site is never framed by another site (clickjacking); a deploy cannot lift this: the contract has no per-deploy headers.
  const adoptionPage = route.kind === 'site' && route.adoptionPage;
  reply.header('x-frame-options', route.kind === 'site' && !adoptionPage ? 'SAMEORIGIN' : 'DENY');
  reply.header(
    'content-security-policy',
    route.kind !== 'site' ? SERVER_PAGE_POLICY : adoptionPage ? ADOPTION_PAGE_POLICY : UPLOADED_SITE_POLICY,
  );
  const target = pathAndQuery(request.url);
  if (route.kind === 'redirect') {
    // The port the request came in on stays: the primary is served on the same one.
    const port = /:(\d+)$/.exec(request.headers.host ?? '')?.[1];
    await reply
      .code(route.status)
      .header('location', `${request.protocol}://${route.primary}${port === undefined ? '' : `:${port}`}${target}`)
      .send();
    return;
  }
  if (route.kind === 'no-site')
    return page(
      reply,
      404,
      'There is no site at this domain',
      'No project serves this name, or its domain was removed.',
    );
  const query = target.indexOf('?');
  const pathname = query === -1 ? target : target.slice(0, query);
  // The adoption site's forms post to the host that serves it: the one place a site takes a body.
  if (adoptionPage && isFrontDoorPath(pathname))
    return answerFrontDoor(
      engine,
      request,
      reply,
      pathname,
      new URLSearchParams(query === -1 ? '' : target.slice(query)),
    );
  if (adoptionPage && isUnsubscribePath(pathname)) return answerUnsubscribe(engine, request, reply, pathname);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    await reply
      .code(405)
      .header('allow', 'GET, HEAD')
      .type('text/plain; charset=utf-8')
      .send(`${request.method} is not allowed on a site; use GET or HEAD.\n`);
    return;
  }
  const result = await send(request.raw, pathname, {
    root: route.root,
    index: ['index.html'],
    dotfiles: 'ignore',
    maxAge: 0,
  });
  if (result.type === 'directory') {
    result.stream.destroy();
    // Leading slashes collapsed: "//evil.example" must not become a redirect to another host.
    await reply
      .code(301)
      .header('location', `${pathname.replace(/^\/+/, '/')}/${query === -1 ? '' : target.slice(query)}`)
      .send();
    return;
  }
  const unpublished = result.type === 'file' && !(await published(route, result.metadata.path));
  if (unpublished || (result.type === 'error' && NOT_FOUND_STATUSES.has(result.statusCode))) {
    result.stream.destroy();
    return notFound(reply, route);
  }
  await reply.code(result.statusCode).headers(result.headers).send(result.stream);
}

/** The site's own 404.html when it was published with one, else a plain page. */
async function notFound(reply: FastifyReply, route: Extract<SiteRoute, { kind: 'site' }>): Promise<void> {
  const file = path.join(route.root, '404.html');
  let custom: Buffer;
  try {
    if (!(await published(route, file))) throw new Error('not published');
    custom = await fs.readFile(file);
  } catch {
    return page(reply, 404, 'Page not found', 'This site has no page at this address.');
  }
  await reply.code(404).type('text/html; charset=utf-8').send(custom);
}

async function page(reply: FastifyReply, status: number, title: string, detail: string): Promise<void> {
  const html = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} · ${title}</title></head>\n<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem"><h1>${title}</h1><p>${detail}</p></body>\n</html>\n`;
  await reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', SERVER_PAGE_POLICY)
    .send(html);
}
