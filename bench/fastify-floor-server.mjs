// The floor under any Fastify server: Fastify 5 with one route and nothing else (no hook, no schema,
// no logger), answering the list GET with a prebuilt body of ours' size and the head ours sends
// (the rate-limit headers, Link, the JSON type). What it costs beyond the bare yardstick is Fastify's.
//   PORT=4773 node bench/fastify-floor-server.mjs
import Fastify from 'fastify';

const pet = (id) => ({ id, name: 'Rex', categoryId: 1, status: 'available' });
const body = JSON.stringify(Array.from({ length: 20 }, (_, i) => pet(i + 1)));
const HEADERS = {
  'x-ratelimit-limit': '100000000',
  'x-ratelimit-remaining': '99999969',
  'x-ratelimit-reset': '1796665020',
  'ratelimit-policy': '"minute";q=100000000;w=60, "day";q=1000000000;w=86400',
  ratelimit: '"minute";r=99999969;t=4, "day";r=999999969;t=22984',
  link: '<http://127.0.0.1:4771/v1/pets?limit=20&status=available&cursor=YWZ0ZXI6MjA>; rel="next"',
};

const app = Fastify({ logger: false });
app.get('/v1/pets', (_request, reply) => {
  reply.headers(HEADERS).type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 4773), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
