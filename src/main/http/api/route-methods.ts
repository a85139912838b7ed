import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * The methods the registered routes answer to at a URL, for 405 and OPTIONS: every method seen at
 * registration (onRoute; HEAD comes with each GET) is looked up in the router itself, so the answer
 * follows the same matching as the requests. OPTIONS is always answered where any route matches.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] {
  const methods = new Set<HTTPMethods>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) methods.add(method);
  });
  return (url) => {
    const allowed = new Set<string>();
    for (const method of methods) if (app.findRoute({ method, url })) allowed.add(method);
    if (allowed.size > 0) allowed.add('OPTIONS');
    return [...allowed].sort();
  };
}
