import fs from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { AppError } from '../../../shared/errors';
import {
  CONTRACT_TERMS_MAX,
  LANGUAGE_NAMES,
  LOGO_MAX_BYTES,
  PUBLISHED_LANGUAGES,
  SHELTER_FIELDS,
  type ShelterChange,
  type ShelterField,
  type ShelterProfile,
} from '../../../shared/shelter';
import { printObject, printable, type Output } from '../output';
import { run } from '../run';
import { prepareLogo } from '../../shelter/logo';

/** Each field's option on `shelter set` (and the name `--clear` takes). */
const FLAG_OF: Readonly<Record<ShelterField | 'logo', string>> = {
  name: 'name',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
  openingHours: 'opening-hours',
  howToAdopt: 'how-to-adopt',
  currency: 'currency',
  language: 'language',
  contractTerms: 'contract-terms',
  logo: 'logo',
};
const CLEARABLE = Object.values(FLAG_OF);
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function collectClear(value: string, previous: string[] = []): string[] {
  if (!CLEARABLE.includes(value))
    throw new InvalidArgumentError(`must name a field by its option: ${CLEARABLE.join(', ')}.`);
  return [...previous, value];
}

function printShelter(output: Output, shelter: ShelterProfile): void {
  if (output.json) {
    printObject(output, shelter);
    return;
  }
  // Pages of terms would drown the table: their size here, their text with --json.
  const shown = (field: ShelterField) =>
    field === 'contractTerms' && shelter.contractTerms
      ? `${shelter.contractTerms.length.toLocaleString('en-US')} characters (the text: --json)`
      : (shelter[field] ?? '-');
  const lines: [string, string][] = SHELTER_FIELDS.map((field) => [field, shown(field)]);
  lines.push(['logo', shelter.logo ? `${shelter.logo.mediaType}, ${shelter.logo.byteSize} bytes` : '-']);
  const width = Math.max(...lines.map(([field]) => field.length));
  process.stdout.write(`${lines.map(([field, value]) => `${field.padEnd(width)}  ${printable(value)}`).join('\n')}\n`);
}

/** Terms are pages of text: easier kept in a file than typed on one command line. */
function readTerms(file: string): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    throw new AppError('validation_failed', `--contract-terms-file: cannot read ${file}: ${(error as Error).message}`, {
      details: { field: 'contractTerms' },
    });
  }
  // UTF-8 takes at most 4 bytes a character: a larger file cannot fit, and is refused unread.
  if (size > CONTRACT_TERMS_MAX * 4)
    throw new AppError(
      'validation_failed',
      `--contract-terms-file: ${file} is ${size} bytes, more than ${CONTRACT_TERMS_MAX.toLocaleString('en-US')} characters can take`,
      { details: { field: 'contractTerms' } },
    );
  return fs.readFileSync(file, 'utf8');
}

function readLogo(file: string): Buffer {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    throw new AppError('validation_failed', `--logo: cannot read ${file}: ${(error as Error).message}`);
  }
  // Refused before reading: a huge file never fills memory.
  if (size > LOGO_MAX_BYTES)
    throw new AppError(
      'payload_too_large',
      `--logo: ${file} is ${size} bytes, over the ${LOGO_MAX_BYTES / 1024 / 1024} MiB a logo may be`,
    );
  return fs.readFileSync(file);
}

/** `shelter show|set`: this environment's shelter profile (src/shared/shelter.ts), which titles the adoption site. */
export function registerShelterCommands(program: Command): void {
  const shelter = program
    .command('shelter')
    .description(
      "The shelter's profile (per environment): name, logo, contact, opening hours, how to adopt, currency, adoption contract terms",
    );
  shelter
    .command('show')
    .description(
      'The shelter profile (--json: every field given, and logo: { mediaType, byteSize, updatedAt } or null)',
    )
    .action(run((engine, output) => printShelter(output, engine.services.shelter.get())));
  shelter
    .command('set')
    .description('Set the fields given; --clear FIELD (repeatable, by option name: --clear phone) unsets one')
    .option('--name <name>', 'the title of the adoption site')
    .option('--address <text>')
    .option('--phone <number>')
    .option('--email <address>')
    .option('--website <url>', 'https://…')
    .option('--opening-hours <text>')
    .option('--how-to-adopt <text>', 'plain text; paragraphs separated by blank lines')
    .option('--currency <code>', 'ISO 4217 code of adoption fees, e.g. USD, EUR, GBP')
    .option(
      '--language <code>',
      `what the adoption site, kennel cards and contracts are published in: ${PUBLISHED_LANGUAGES.map((code) => `${code} (${LANGUAGE_NAMES[code]})`).join(', ')}; English when not set`,
    )
    .option(
      '--contract-terms <text>',
      `the terms adoption contracts print, never published; paragraphs separated by blank lines, at most ${CONTRACT_TERMS_MAX.toLocaleString('en-US')} characters`,
    )
    .option('--contract-terms-file <file>', 'the contract terms from a UTF-8 text file')
    .option('--logo <file>', `PNG, JPEG or WebP, at most ${LOGO_MAX_BYTES / 1024 / 1024} MiB; stored in the database`)
    .option('--clear <field>', 'unset a field, named by its option (repeatable)', collectClear)
    .action(
      run(async (engine, output, options: Record<string, string | undefined> & { clear?: string[] }) => {
        const change: Record<string, string | null> = {};
        for (const field of SHELTER_FIELDS) {
          const value = options[camel(FLAG_OF[field])];
          if (value !== undefined) change[field] = value;
        }
        if (options.contractTermsFile !== undefined) {
          if (options.contractTerms !== undefined)
            throw new AppError(
              'validation_failed',
              '--contract-terms and --contract-terms-file are both given: pick one.',
            );
          change.contractTerms = readTerms(options.contractTermsFile);
        }
        const clear = options.clear ?? [];
        for (const flag of clear) {
          if (
            options[camel(flag)] !== undefined ||
            (flag === 'contract-terms' && options.contractTermsFile !== undefined)
          )
            throw new AppError('validation_failed', `--${flag} is both given and cleared: pick one.`);
          if (flag !== 'logo') change[SHELTER_FIELDS.find((field) => FLAG_OF[field] === flag) as ShelterField] = null;
        }
        if (Object.keys(change).length === 0 && options.logo === undefined && !clear.includes('logo')) {
          throw new AppError(
            'validation_failed',
            'Nothing to change: give a field (e.g. --name "Happy Tails") or --clear FIELD.',
          );
        }
        const logo = options.logo === undefined ? undefined : await prepareLogo(readLogo(options.logo));
        const { shelter: service } = engine.services;
        // One transaction: a refused field or image leaves everything as it was.
        const saved = engine.sqlite.transaction(() => {
          if (logo) service.storeLogo(logo);
          if (clear.includes('logo')) service.removeLogo();
          return Object.keys(change).length > 0 ? service.set(change as ShelterChange) : service.get();
        })();
        printShelter(output, saved);
      }),
    );
}
