/** The import boundaries inside src/main and src/renderer are enforced by lint (eslint.config.mjs), not by good will. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** The no-restricted-imports messages lint gives `source` placed at `file`. */
async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(PROJECT_ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries inside src/main', () => {
  it('services and db never import a face (api, cli, admin, shell) or an entry point', async () => {
    const forbidden = [
      "import '../api/errors';",
      "import '../cli/output';",
      "import '../admin/handlers';",
      "import '../shell/menu';",
      "import '../index';",
      "import '../serve';",
      "import '../app-host';",
      "import type { AppHost } from '../app-host';",
    ];
    for (const file of ['src/main/services/example.ts', 'src/main/db/example.ts']) {
      for (const source of forbidden) expect(await restrictedImports(file, source), `${file}: ${source}`).toHaveLength(1);
      expect(await restrictedImports(file, "import '../../shared/names';\nimport '../db/schema';\nimport './changes';")).toEqual([]);
    }
  });

  it('sites never imports the server that serves them (api, http) nor another face', async () => {
    for (const source of ["import '../api/server';", "import '../../http/sites/by-host';", "import '../cli/output';"]) {
      expect(await restrictedImports('src/main/sites/certificates/example.ts', source), source).toHaveLength(1);
    }
    expect(await restrictedImports('src/main/sites/example.ts', "import 'node:http';\nimport '../engine';\nimport './domain-names';")).toEqual([]);
  });

  it('api never imports cli, admin or shell', async () => {
    for (const source of ["import '../cli/output';", "import '../../admin/handlers';", "import '../shell/menu';"]) {
      expect(await restrictedImports('src/main/api/routes/example.ts', source), source).toHaveLength(1);
    }
    expect(await restrictedImports('src/main/api/example.ts', "import '../services/pets';\nimport '../engine';\nimport './errors';")).toEqual([]);
  });

  it('still keeps electron to the shell', async () => {
    expect(await restrictedImports('src/main/services/example.ts', "import 'electron';")).toHaveLength(1);
    expect(await restrictedImports('src/main/api/example.ts', "import 'electron';")).toHaveLength(1);
  });
});

describe('import boundaries inside src/renderer', () => {
  it('an area never imports another area, only app/, client/, ui/ and src/shared', async () => {
    for (const source of [
      "import { AccountFormModal } from '../accounts/AccountsPage';",
      "import { useDomains } from '../sites/queries';",
      "import '../../areas/pets/PetBrowser';",
    ]) {
      expect(await restrictedImports('src/renderer/src/areas/sites/Example.tsx', source), source).toHaveLength(1);
    }
    const allowed = [
      "import { pageHref } from '../../app/navigation';",
      "import { useAccounts } from '../../client/accounts';",
      "import { RowAction } from '../../ui/RowAction';",
      "import type { Project } from '../../../../shared/sites';",
      "import { useProjects } from './queries';",
    ];
    expect(await restrictedImports('src/renderer/src/areas/sites/Example.tsx', allowed.join('\n'))).toEqual([]);
  });

  it('ui never imports an area or app/; client imports none of ui, app or an area', async () => {
    for (const source of ["import '../areas/pets/PetBrowser';", "import '../app/navigation';"]) {
      expect(await restrictedImports('src/renderer/src/ui/Example.tsx', source), source).toHaveLength(1);
    }
    expect(await restrictedImports('src/renderer/src/ui/Example.tsx', "import '../client/errors';\nimport './format';\nimport '../../../shared/plans';")).toEqual([]);
    for (const source of ["import '../areas/sites/queries';", "import '../ui/format';", "import '../app/navigation';"]) {
      expect(await restrictedImports('src/renderer/src/client/example.ts', source), source).toHaveLength(1);
    }
    expect(await restrictedImports('src/renderer/src/client/example.ts', "import './transport';\nimport '../../../shared/change-topics';")).toEqual([]);
  });

  it('still keeps src/main and Node built-ins out of every renderer folder', async () => {
    for (const file of ['src/renderer/src/areas/pets/Example.tsx', 'src/renderer/src/ui/Example.tsx', 'src/renderer/src/client/example.ts', 'src/renderer/src/app/Example.tsx']) {
      expect(await restrictedImports(file, "import 'node:fs';"), file).toHaveLength(1);
      expect(await restrictedImports(file, "import '../../../main/engine';"), file).toHaveLength(1);
    }
  });
});
