import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { startApiServer } from '../../src/main/http/listen';
import { siteAddress } from '../../src/shared/sites';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let account: number;

beforeAll(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' }).id;
  engine.close();
  fs.mkdirSync(path.join(dataDir, 'site'));
  fs.writeFileSync(path.join(dataDir, 'site', 'index.html'), '<h1>Happy Paws</h1>');
});

afterAll(() => removeTempDir(dataDir));

const cli = (...args: string[]) => runCliInProcess(dataDir, args);

describe('site addresses carry the running server’s port', () => {
  it('siteAddress: HTTP on the HTTP port; HTTPS on the HTTPS port only for a name with a certificate; default ports left out', () => {
    expect(siteAddress('happy-paws.localhost', { http: 5110, https: 5143 })).toBe('http://happy-paws.localhost:5110/');
    expect(siteAddress('www.shelter.test', { http: 5110, https: 5143 }, true)).toBe('https://www.shelter.test:5143/');
    expect(siteAddress('www.shelter.test', { http: 5110, https: null }, true)).toBe('http://www.shelter.test:5110/');
    expect(siteAddress('www.shelter.test', { http: 80, https: 443 }, true)).toBe('https://www.shelter.test/');
  });

  it('without a server the CLI says none is running; with one it names the address with its real port, in words and in --json', async () => {
    const created = await cli('projects', 'create', '--account', String(account), '--name', 'Happy Paws');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(
      'Project happy-paws created; deploy it to serve it once a server runs: no production server is running for this data dir (npm run serve); it then answers at http://happy-paws.localhost:<its port>/.',
    );
    expect(created.stdout).toMatch(/servedAt\n.*no server running\n$/);

    const server = await startApiServer({ dataDir, environment: 'production', port: 0, sites: { httpsPort: 0 } });
    try {
      const address = `http://happy-paws.localhost:${server.port}/`;
      const deployed = await cli('deploy', 'happy-paws', path.join(dataDir, 'site'));
      expect(deployed.code, deployed.stderr).toBe(0);
      expect(deployed.stderr).toContain(`Deploy 1 of happy-paws is live; it is served at ${address}.`);
      const listed = await cli('projects', 'list', '--json');
      expect(JSON.parse(listed.stdout)).toMatchObject([
        { slug: 'happy-paws', url: 'http://happy-paws.localhost/', servedAt: address },
      ]);
      expect(server.httpsPort).toBeGreaterThan(0);
      // What a visitor at that address gets (the name resolved to this machine).
      const served = await siteRequest(server.port, `happy-paws.localhost:${server.port}`, '/');
      expect(served.body).toContain('Happy Paws');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
