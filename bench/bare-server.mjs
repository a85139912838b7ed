// The yardstick: node:http answering every request with one precomputed JSON body.
import http from 'node:http';

const body = Buffer.from(process.argv[2] ?? '[]');
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
