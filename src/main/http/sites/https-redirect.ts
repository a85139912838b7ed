import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine';
import { hostOfRequest } from '../../sites/domain-names';
import { httpsPortOf } from '../listen-https';
import { pathAndQuery } from '../request-host';
import { CHALLENGE_PREFIX } from './acme-challenge';

/**
 * Plain HTTP to HTTPS (308) for a name with a certificate, when an HTTPS port is open; never an
 * ACME challenge path (the ACME server fetches it over plain HTTP), never the API's own Hosts.
 */
export function registerHttpsRedirect(app: FastifyInstance, engine: Engine): void {
  if (engine.sites.httpsPort === undefined) return;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!isEncrypted(request.raw.socket) && !url.startsWith(CHALLENGE_PREFIX)) {
      const host = hostOfRequest(request.headers.host);
      const port = httpsPortOf(engine);
      if (port !== undefined && host !== '' && stillCertified(engine, host)) {
        void reply
          .code(308)
          .header('location', `https://${host}${port === 443 ? '' : `:${port}`}${pathAndQuery(url)}`)
          .send();
        return;
      }
    }
    done();
  });
}

/** A removal made by another process (the CLI) counts from this very request; the API's Hosts, never certified, pay nothing more. */
function stillCertified(engine: Engine, host: string): boolean {
  return engine.sites.certificates.hasCertificate(host) && engine.latest().sites.certificates.hasCertificate(host);
}

function isEncrypted(socket: unknown): boolean {
  return (socket as { encrypted?: boolean } | null)?.encrypted === true;
}
