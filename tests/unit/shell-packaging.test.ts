import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const config = parse(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema (so every key, fuses included, is one it reads)", () => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
    );
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('flips the fuses that keep the packaged app from being run as something else', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar (what onlyLoadAppFromAsar and the integrity check rely on) and never rebuilds better-sqlite3', () => {
    expect(config.asar).not.toBe(false);
    expect(config.npmRebuild).toBe(false);
  });
});
