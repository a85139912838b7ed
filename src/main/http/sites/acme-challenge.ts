import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine';
import { hostOfRequest } from '../../sites/domain-names';

/** Where an ACME server looks for the HTTP-01 answer (RFC 8555 §8.3). */
export const CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

/**
 * Answers the ACME HTTP-01 challenges of certificates being issued, when an ACME directory is set:
 * registered before the sites' own hook, so a challenge is answered even for a Host with no site yet.
 * Any other request, or a token nobody asked for, goes on untouched.
 */
export function registerAcmeChallenge(app: FastifyInstance, engine: Engine): void {
  const { acmeChallenges } = engine.sites;
  if (!acmeChallenges) return;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (acmeChallenges.size > 0 && url.startsWith(CHALLENGE_PREFIX)) {
      const answer = acmeChallenges.answer(url.slice(CHALLENGE_PREFIX.length), hostOfRequest(request.headers.host));
      if (answer !== undefined) {
        void reply.code(200).type('text/plain; charset=utf-8').send(answer);
        return;
      }
    }
    done();
  });
}
