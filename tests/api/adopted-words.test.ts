/**
 * The wire keeps `sold` (the contract), every face says "adopted": the OpenAPI document
 * explains the value, the API's refusal names it, the CLI takes `adopted` and its tables say it.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { jsonHeaders } from '../helpers/http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

describe('the API: sold on the wire, explained as adopted', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the OpenAPI description of status says sold means adopted', async () => {
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenAPIV3.Document;
    const status = document.components?.schemas?.PetStatus as OpenAPIV3.SchemaObject;
    expect(status.enum).toEqual(['available', 'pending', 'sold']);
    expect(status.description).toContain('`sold`: adopted — the animal found a home');
  });

  it('a refused status names the values and what sold means', async () => {
    const refused = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: jsonHeaders(server.key),
      body: JSON.stringify({ name: 'Mango', categoryId: 1, status: 'adopted' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'status: must be one of available, pending, sold (sold means adopted)',
    );
    const created = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: jsonHeaders(server.key),
      body: JSON.stringify({ name: 'Mango', categoryId: 1, status: 'sold' }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { status: string }).status).toBe('sold');
  });
});

describe('the CLI: adopted in, adopted out (sold in --json)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = makeTempDir();
    new Engine({ dataDir, environment: 'production' }).close();
  });
  afterEach(() => removeTempDir(dataDir));
  const cli = (...args: string[]) => runCliInProcess(dataDir, args);

  it('pets add --status, pets status and pets list --status take adopted; tables say adopted, --json keeps sold', async () => {
    const added = await cli('pets', 'add', '--name', 'Mango', '--category', '1', '--status', 'adopted');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/\badopted\b/);
    expect(added.stdout).not.toMatch(/\bsold\b/);
    expect((await cli('pets', 'add', '--name', 'Olive', '--category', '1')).code).toBe(0);

    const changed = await cli('pets', 'status', '2', 'Adopted');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/\badopted\b/);

    const listed = await cli('pets', 'list', '--status', 'adopted');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Mango');
    expect(listed.stdout).toContain('Olive');
    expect(listed.stdout).not.toMatch(/\bsold\b/);
    const json = await cli('--json', 'pets', 'list', '--status', 'sold');
    expect((JSON.parse(json.stdout) as { status: string }[]).map((pet) => pet.status)).toEqual(['sold', 'sold']);

    const history = await cli('pets', 'history', '2');
    expect(history.stdout).toMatch(/available\s+adopted/);
    expect(history.stdout).not.toMatch(/\bsold\b/);
    const shown = await cli('pets', 'show', '1');
    expect(shown.stdout).toMatch(/\badopted\b/);
    expect(shown.stdout).not.toMatch(/\bsold\b/);

    const refused = await cli('pets', 'status', '1', 'homed');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('must be available, pending or adopted (sold).');
  }, 60_000);
});
