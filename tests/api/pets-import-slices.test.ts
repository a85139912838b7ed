/**
 * `pets import` next to a running server (real processes): the import is written in small
 * transactions, so the server's own creations get the write lock between slices instead of waiting
 * for the whole file; the pets the server created while it ran get ids inside the import's range.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { dataDirWithKey } from '../helpers/api-server';
import { jsonHeaders } from '../helpers/http';
import { killServer, runCli, spawnServer, type ServerProcess } from '../helpers/processes';
import { removeTempDir } from '../helpers/temp-dir';

const IMPORTED = 60_000;

let dataDir: string;
let key: string;
let server: ServerProcess | undefined;

beforeEach(() => {
  ({ dataDir, key } = dataDirWithKey());
});

afterEach(async () => {
  await killServer(server);
  server = undefined;
  removeTempDir(dataDir);
});

describe('pets import beside a serving process', () => {
  it("the server's creations during a large import all succeed and land between the import's slices", async () => {
    server = await spawnServer(dataDir, ['--log-level', 'error']);
    const running = server;
    const file = path.join(dataDir, 'pets.json');
    fs.writeFileSync(
      file,
      JSON.stringify(Array.from({ length: IMPORTED }, (_, i) => ({ name: `Imported ${i}`, categoryId: 1 + (i % 4) }))),
    );
    let importDone = false;
    const imported = runCli(['--data-dir', dataDir, '--json', 'pets', 'import', file], 120_000).finally(
      () => (importDone = true),
    );
    const statuses: number[] = [];
    const createdIds: number[] = [];
    while (!importDone) {
      const response = await fetch(`${running.baseUrl}/pets`, {
        method: 'POST',
        headers: jsonHeaders(key),
        body: JSON.stringify({ name: `Walk-in ${statuses.length}`, categoryId: 1 }),
      });
      statuses.push(response.status);
      if (response.status === 201) createdIds.push(((await response.json()) as Pet).id);
      else await response.arrayBuffer();
    }
    const result = await imported;
    expect(result.code).toBe(0);
    const importedIds = (JSON.parse(result.stdout) as Pet[]).map((pet) => pet.id);
    expect(importedIds).toHaveLength(IMPORTED);
    expect(
      statuses.filter((status) => status !== 201),
      running.stderr(),
    ).toEqual([]);
    const first = Math.min(...importedIds);
    const last = Math.max(...importedIds);
    // One transaction for the whole file would leave no room for another writer's row inside its id range.
    expect(createdIds.some((id) => id > first && id < last)).toBe(true);
  }, 180_000);
});
