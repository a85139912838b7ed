/**
 * `npm run dns -- --zone zone.json [--port 5353]`: a loopback DNS server for trying custom domains
 * offline. The zone file is read again whenever it changes, so editing it is "changing the DNS".
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { ZONE_ENTRY_TYPES, ZoneDnsServer, type Zone } from './zone-dns-server';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new InvalidArgumentError('must be a port number from 1 to 65535.');
  return port;
}

/** The zone as last read; a file that does not parse keeps the previous zone and says why. */
function zoneReader(file: string): () => Zone {
  let zone: Zone = {};
  let readAt = -1;
  return () => {
    const modifiedAt = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (modifiedAt === readAt) return zone;
    readAt = modifiedAt;
    try {
      zone = modifiedAt === 0 ? {} : (JSON.parse(fs.readFileSync(file, 'utf8')) as Zone);
      const lowered: Zone = {};
      for (const [name, records] of Object.entries(zone)) lowered[name.toLowerCase().replace(/\.$/, '')] = records;
      zone = lowered;
      console.log(`Zone ${file}: ${Object.keys(zone).join(', ') || 'empty'}`);
      // Nothing is dropped without a word: a type this server does not answer is named.
      for (const [name, records] of Object.entries(zone)) {
        const unknown = Object.keys(records ?? {}).filter((type) => !ZONE_ENTRY_TYPES.includes(type));
        if (unknown.length > 0)
          console.error(
            `Zone ${file}: ${name} has ${unknown.join(', ')}, which this server does not answer (it answers ${ZONE_ENTRY_TYPES.join(', ')}).`,
          );
      }
    } catch (error) {
      console.error(
        `Zone ${file} is not valid JSON (${(error as Error).message}); still answering from the previous version.`,
      );
    }
    return zone;
  };
}

async function main(): Promise<void> {
  const options = new Command('dns')
    .description(
      "A loopback DNS server answering A, AAAA and CNAME queries from a JSON zone file (ALIAS/ANAME entries answer as their target's addresses), for trying custom domains offline.",
    )
    .requiredOption(
      '--zone <file>',
      'JSON: { "www.shelter.test": { "CNAME": "happy-paws.localhost" }, "shelter.test": { "A": ["127.0.0.1"] } }',
    )
    .option('--port <port>', 'UDP port on 127.0.0.1', parsePort, 5353)
    .parse()
    .opts<{ zone: string; port: number }>();
  const file = path.resolve(options.zone);
  const server = new ZoneDnsServer(zoneReader(file));
  const port = await server.listen(options.port);
  console.log(
    `DNS server on 127.0.0.1:${port} (UDP), answering from ${file}. Give the CLI and the server --dns-server 127.0.0.1:${port}`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
