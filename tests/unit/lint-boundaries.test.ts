/** The import boundaries inside src/main and src/renderer are enforced by lint (eslint.config.mjs), not by good will. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** The no-restricted-imports messages lint gives `source` placed at `file`. */
async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(PROJECT_ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

async function expectRefused(file: string, sources: string[]): Promise<void> {
  for (const source of sources) expect(await restrictedImports(file, source), `${file}: ${source}`).toHaveLength(1);
}

const DOMAIN_FOLDERS = [
  'db',
  'files',
  'pets',
  'keys',
  'accounts',
  'quota',
  'sites',
  'lab',
  'people',
  'movements',
  'photos',
  'shelter',
  'print',
  'print-fonts',
  'publishing',
];

describe('import boundaries inside src/main', () => {
  it('the domain (db, files, pets, keys, accounts, quota, sites, lab, publishing, …) never imports the engine, http, the host or a face', async () => {
    const forbidden = [
      "import '../engine/engine';",
      "import type { Engine } from '../engine/engine';",
      "import '../http/server';",
      "import '../host/app-host';",
      "import type { AppHost } from '../host/app-host';",
      "import '../cli/output';",
      "import '../admin/handlers';",
      "import '../shell/menu';",
      "import '../index';",
      "import '../serve';",
    ];
    for (const folder of DOMAIN_FOLDERS) {
      await expectRefused(`src/main/${folder}/example.ts`, forbidden);
      expect(
        await restrictedImports(
          `src/main/${folder}/example.ts`,
          "import '../../shared/names';\nimport '../db/schema';\nimport '../log';\nimport './changes';",
        ),
      ).toEqual([]);
    }
  });

  it('a folder nobody listed is domain by default: no http, no Fastify, no face', async () => {
    await expectRefused('src/main/a-new-area/example.ts', [
      "import '../http/server';",
      "import Fastify from 'fastify';",
      "import '../engine/engine';",
      "import '../cli/output';",
      "import '../host/app-host';",
    ]);
    await expectRefused('src/main/publishing/a-new-portal/example.ts', [
      "import '../../../http/server';",
      "import '@fastify/static';",
    ]);
    expect(
      await restrictedImports('src/main/a-new-area/example.ts', "import '../pets/pets';\nimport '../files/csv';"),
    ).toEqual([]);
  });

  it('sites never imports the server that serves them', async () => {
    await expectRefused('src/main/sites/certificates/example.ts', [
      "import '../../http/sites/by-host';",
      "import '../../http/listen';",
      "import '../../cli/output';",
    ]);
    expect(
      await restrictedImports(
        'src/main/sites/example.ts',
        "import 'node:http';\nimport '../accounts/accounts';\nimport './domain-names';",
      ),
    ).toEqual([]);
  });

  it('people are private by construction: publishing (the site, kennel cards, portal files) and sites never import the register or the movements', async () => {
    for (const file of [
      'src/main/publishing/adoption-site/example.ts',
      'src/main/publishing/kennel-cards/example.ts',
      'src/main/publishing/portals/example.ts',
      'src/main/publishing/example.ts',
      'src/main/sites/example.ts',
    ]) {
      const up = file.split('/').length - 3;
      const root = '../'.repeat(up);
      await expectRefused(file, [
        `import '${root}people/people';`,
        `import type { PeopleService } from '${root}people/people';`,
        `import '${root}movements/shelter-day';`,
        `import '${root}db/schema-movements';`,
      ]);
      expect(await restrictedImports(file, `import '${root}pets/profiles';`)).toEqual([]);
    }
  });

  it('the engine serves nothing: no http, host or face', async () => {
    await expectRefused('src/main/engine/example.ts', [
      "import '../http/listen';",
      "import '../host/app-host';",
      "import '../cli/run';",
      "import '../admin/handlers';",
    ]);
    expect(
      await restrictedImports(
        'src/main/engine/example.ts',
        "import '../pets/pets';\nimport '../lab/clock';\nimport './supervisor';",
      ),
    ).toEqual([]);
  });

  it('http never imports the host, cli, admin or shell', async () => {
    await expectRefused('src/main/http/api/routes/example.ts', [
      "import '../../../cli/output';",
      "import '../../../admin/handlers';",
      "import '../../../shell/menu';",
      "import '../../../host/app-host';",
    ]);
    expect(
      await restrictedImports(
        'src/main/http/api/example.ts',
        "import '../../pets/pets';\nimport '../../engine/engine';\nimport './errors';\nimport 'fastify';",
      ),
    ).toEqual([]);
  });

  it('only http speaks Fastify', async () => {
    for (const file of [
      'src/main/pets/example.ts',
      'src/main/engine/example.ts',
      'src/main/host/example.ts',
      'src/main/cli/example.ts',
      'src/main/admin/example.ts',
      'src/main/serve.ts',
    ]) {
      await expectRefused(file, ["import Fastify from 'fastify';", "import fastifyStatic from '@fastify/static';"]);
    }
  });

  it('only the shell imports electron', async () => {
    for (const file of [
      'src/main/pets/example.ts',
      'src/main/http/example.ts',
      'src/main/host/example.ts',
      'src/main/cli/example.ts',
      'src/main/index.ts',
      'src/main/serve.ts',
    ]) {
      await expectRefused(file, ["import { app } from 'electron';"]);
    }
    expect(await restrictedImports('src/main/shell/example.ts', "import { app } from 'electron';")).toEqual([]);
  });
});

describe('import boundaries inside src/renderer: app → areas → domain → ui → client → shared', () => {
  it('an area never imports another area or app/, only domain/, ui/, client/ and src/shared', async () => {
    for (const source of [
      "import { AccountFormModal } from '../accounts/AccountsPage';",
      "import { useDomains } from '../sites/queries';",
      "import '../../areas/pets/PetBrowser';",
      "import { useRoute } from '../../app/router';",
      "import { PAGES } from '../../app/pages';",
      "import type { Route } from '../../app/router';",
    ]) {
      expect(await restrictedImports('src/renderer/src/areas/sites/Example.tsx', source), source).toHaveLength(1);
    }
    const allowed = [
      "import { pageHref, type Page } from '../../ui/navigation';",
      "import { useAccounts } from '../../client/accounts';",
      "import { RowAction } from '../../ui/RowAction';",
      "import { AccountFormModal } from '../../domain/accounts/AccountFormModal';",
      "import type { Project } from '../../../../shared/sites';",
      "import { useProjects } from './queries';",
    ];
    expect(await restrictedImports('src/renderer/src/areas/sites/Example.tsx', allowed.join('\n'))).toEqual([]);
  });

  it('domain/ never imports an area or app/; it builds on ui/, client/, src/shared and other domains', async () => {
    for (const source of [
      "import '../../areas/pets/PetBrowser';",
      "import { PetsPage } from '../../areas/pets/PetsPage';",
      "import '../../app/pages';",
      "import { useRoute } from '../../app/router';",
    ]) {
      expect(await restrictedImports('src/renderer/src/domain/care/Example.tsx', source), source).toHaveLength(1);
    }
    const allowed = [
      "import '../../ui/format';",
      "import { recordHref } from '../../ui/navigation';",
      "import '../../client/care';",
      "import '../people/person-labels';",
      "import './care-words';",
      "import '../../../../shared/care';",
    ];
    expect(await restrictedImports('src/renderer/src/domain/care/Example.tsx', allowed.join('\n'))).toEqual([]);
  });

  it('ui never imports domain/, an area or app/; client imports none of them nor ui', async () => {
    for (const source of [
      "import '../areas/pets/PetBrowser';",
      "import '../app/pages';",
      "import '../domain/care/CareSection';",
      "import { ROLE_WORDS } from '../domain/people/person-labels';",
    ]) {
      expect(await restrictedImports('src/renderer/src/ui/Example.tsx', source), source).toHaveLength(1);
    }
    expect(
      await restrictedImports(
        'src/renderer/src/ui/Example.tsx',
        "import '../client/errors';\nimport './format';\nimport '../../../shared/plans';\nimport '../../../shared/domain-names';",
      ),
    ).toEqual([]);
    for (const source of [
      "import '../areas/sites/queries';",
      "import '../ui/format';",
      "import '../app/pages';",
      "import '../domain/care/care-words';",
    ]) {
      expect(await restrictedImports('src/renderer/src/client/example.ts', source), source).toHaveLength(1);
    }
    expect(
      await restrictedImports(
        'src/renderer/src/client/example.ts',
        "import './transport';\nimport '../../../shared/change-topics';",
      ),
    ).toEqual([]);
  });

  it('app/ may import every renderer folder: it assembles the pages', async () => {
    expect(
      await restrictedImports(
        'src/renderer/src/app/Example.tsx',
        "import '../areas/pets/page';\nimport '../domain/care/DueList';\nimport '../ui/navigation';\nimport '../client/staff';",
      ),
    ).toEqual([]);
  });

  it('still keeps src/main and Node built-ins out of every renderer folder', async () => {
    for (const file of [
      'src/renderer/src/areas/pets/Example.tsx',
      'src/renderer/src/domain/care/Example.tsx',
      'src/renderer/src/ui/Example.tsx',
      'src/renderer/src/client/example.ts',
      'src/renderer/src/app/Example.tsx',
    ]) {
      expect(await restrictedImports(file, "import 'node:fs';"), file).toHaveLength(1);
      expect(await restrictedImports(file, "import '../../../main/engine';"), file).toHaveLength(1);
    }
  });
});
