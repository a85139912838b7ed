import fs from 'node:fs';
import type { PetPhoto } from '../../../shared/photos';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { AppError, isAppError } from '../../../shared/errors';
import {
  GOOD_WITH,
  PET_COATS,
  PET_SEXES,
  PET_SIZES,
  type PetDetails,
  type PetProfileChange,
  type PetProfileField,
} from '../../../shared/pet-profile';
import { statusesInWords } from '../../../shared/pet';
import { positiveInt } from '../arguments';
import { note, printObject, printRows, printable, type Output } from '../output';
import { writePetExport } from '../../pets/staff-export';
import { CSV_SEPARATORS, type CsvSeparator } from '../../../shared/csv-separator';
import { run } from '../run';

/** Each profile field's option on `pets profile set` (and the name `--clear` takes). */
const FLAG_OF: Readonly<Record<PetProfileField, string>> = {
  breedPrimary: 'breed',
  breedSecondary: 'second-breed',
  breedMixed: 'mixed',
  sex: 'sex',
  birthDate: 'born',
  size: 'size',
  color: 'color',
  coat: 'coat',
  description: 'description',
  goodWithKids: 'good-with-kids',
  goodWithDogs: 'good-with-dogs',
  goodWithCats: 'good-with-cats',
  houseTrained: 'house-trained',
  spayedNeutered: 'spayed-neutered',
  specialNeeds: 'special-needs',
  intakeDate: 'intake-date',
  adoptionFee: 'fee',
  microchipNumber: 'microchip',
  kennelLocation: 'kennel',
  internalNotes: 'notes',
};
const FIELD_OF_FLAG = new Map(Object.entries(FLAG_OF).map(([field, flag]) => [flag, field as PetProfileField]));
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function yesNo(value: string): boolean {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new InvalidArgumentError('must be yes or no.');
}

function amount(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new InvalidArgumentError('must be an amount, e.g. 150 or 85.50.');
  return Number(value);
}

function collectClear(value: string, previous: string[] = []): string[] {
  if (!FIELD_OF_FLAG.has(value))
    throw new InvalidArgumentError(`must name a field by its option: ${[...FIELD_OF_FLAG.keys()].join(', ')}.`);
  return [...previous, value];
}

/** "sex: must be …" from the engine becomes "--sex: must be …": the CLI names its own options. */
function withFlags(error: unknown): unknown {
  if (!isAppError(error) || error.code !== 'validation_failed') return error;
  const named = /^(\w+): /.exec(error.message);
  const flag = named?.[1] ? FLAG_OF[named[1] as PetProfileField] : undefined;
  return flag ? new AppError('validation_failed', `--${flag}: ${error.message.slice(named?.[0].length ?? 0)}`) : error;
}

/** `pets show` for people: the record's line, then one line per recorded profile field. */
function printDetails(output: Output, details: PetDetails, photos: readonly PetPhoto[]): void {
  if (output.json) {
    printObject(output, { ...details, photos });
    return;
  }
  printRows(output, [statusesInWords(details.pet)], '');
  const lines: [string, unknown][] = [['ageGroup', details.ageGroup], ...Object.entries(details.profile)];
  if (details.profile.adoptionFee !== undefined)
    lines.push(['currency', details.currency ?? '(set the shelter currency: shelter set --currency)']);
  const width = Math.max(...lines.map(([field]) => field.length));
  const text = lines.map(
    ([field, value]) =>
      `${field.padEnd(width)}  ${printable(typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value ?? '-'))}`,
  );
  process.stdout.write(
    `\nProfile (microchipNumber, kennelLocation, internalNotes are private: never published)\n${text.join('\n')}\n`,
  );
  const shown = photos.map(
    (photo) =>
      `${photo.position === 1 ? 'cover' : `#${photo.position}`}  photo ${photo.id}  ${photo.width}×${photo.height}  ${printable(photo.altText)}`,
  );
  process.stdout.write(
    `\nPhotos (pets photos list ${details.pet.id} for their files)\n${shown.length > 0 ? shown.join('\n') : 'none yet'}\n`,
  );
}

/** `pets show`, `pets profile set|history`, `pets export`: the profile of each pet (src/shared/pet-profile.ts). */
export function registerPetProfileCommands(pets: Command): void {
  pets
    .command('show')
    .description(
      "A pet's record, profile (private fields included) and photos (--json: { pet, profile, ageGroup, currency, photos })",
    )
    .argument('<id>', 'pet id', positiveInt)
    .action(
      run((engine, output, id: number) =>
        printDetails(output, engine.services.petProfiles.details(id), engine.services.photos.list(id)),
      ),
    );

  const profile = pets.command('profile').description("A pet's profile: set fields, clear them, see its changes");
  const set = profile
    .command('set')
    .description(
      "Set the fields given; --clear FIELD (repeatable, by option name: --clear microchip) unsets one. Each change goes to the pet's history",
    )
    .argument('<id>', 'pet id', positiveInt)
    .option('--breed <breed>', 'primary breed')
    .option('--second-breed <breed>', 'secondary breed')
    .addOption(new Option('--mixed <yes|no>', 'a mixed breed').argParser(yesNo))
    .addOption(new Option('--sex <sex>').choices(PET_SEXES))
    .option('--born <date>', 'birth date YYYY-MM-DD, or an estimate: YYYY-MM or YYYY')
    .addOption(new Option('--size <size>', 'expected adult size').choices(PET_SIZES))
    .option('--color <color>')
    .addOption(new Option('--coat <coat>').choices(PET_COATS))
    .option('--description <text>', 'plain text (for paragraphs, use --description-file)')
    .option('--description-file <file>', 'the description from a text file (paragraphs separated by blank lines)')
    .addOption(new Option('--good-with-kids <answer>').choices(GOOD_WITH))
    .addOption(new Option('--good-with-dogs <answer>').choices(GOOD_WITH))
    .addOption(new Option('--good-with-cats <answer>').choices(GOOD_WITH))
    .addOption(new Option('--house-trained <yes|no>').argParser(yesNo))
    .addOption(new Option('--spayed-neutered <yes|no>').argParser(yesNo))
    .option('--special-needs <text>')
    .option('--intake-date <date>', 'YYYY-MM-DD')
    .addOption(new Option('--fee <amount>', "adoption fee in the shelter's currency").argParser(amount))
    .option('--microchip <number>', 'PRIVATE: never published')
    .option('--kennel <location>', 'PRIVATE: never published')
    .option('--notes <text>', 'PRIVATE internal notes: never published')
    .option('--clear <field>', 'unset a field, named by its option (repeatable)', collectClear);
  set.action(
    run(
      (
        engine,
        output,
        id: number,
        options: Record<string, unknown> & { clear?: string[]; descriptionFile?: string },
      ) => {
        const change: Record<string, unknown> = {};
        for (const [field, flag] of Object.entries(FLAG_OF))
          if (options[camel(flag)] !== undefined) change[field] = options[camel(flag)];
        if (options.descriptionFile !== undefined) change.description = readText(options.descriptionFile);
        for (const flag of options.clear ?? []) {
          const field = FIELD_OF_FLAG.get(flag) as PetProfileField;
          if (change[field] !== undefined)
            throw new AppError('validation_failed', `--${flag} is both given and cleared: pick one.`);
          change[field] = null;
        }
        if (Object.keys(change).length === 0)
          throw new AppError(
            'validation_failed',
            'Nothing to change: give a field (e.g. --breed Beagle) or --clear FIELD.',
          );
        try {
          engine.services.petProfiles.set(id, change as PetProfileChange);
        } catch (error) {
          throw withFlags(error);
        }
        printDetails(output, engine.services.petProfiles.details(id), engine.services.photos.list(id));
      },
    ),
  );
  profile
    .command('history')
    .description("The profile's saved changes, oldest first: each field with its value before and after")
    .argument('<id>', 'pet id', positiveInt)
    .action(
      run((engine, output, id: number) => {
        const changes = engine.services.petProfiles.history(id);
        if (output.json) return printRows(output, changes, '');
        const rows = changes.flatMap(({ changedAt, fields }) =>
          Object.entries(fields).map(([field, { from, to }]) => ({
            changedAt,
            field,
            from: from ?? null,
            to: to ?? null,
          })),
        );
        printRows(output, rows, 'No profile changes yet.');
      }),
    );

  pets
    .command('export')
    .description(
      "Write every pet with its profile to a file, as `pets import` reads it. This is the shelter's own backup: the PRIVATE fields (microchip number, kennel location, internal notes) are included, and the file is readable by its owner only — never publish it",
    )
    .requiredOption('--out <file>', 'the file to write (replaced whole)')
    .addOption(
      new Option('--format <format>', 'default: by file extension (.json → json, else csv)').choices(['csv', 'json']),
    )
    .addOption(
      new Option(
        '--csv-separator <separator>',
        'semicolon: `;`, decimal commas and a BOM, for a spreadsheet set to French, German, Spanish… (pets import reads both)',
      )
        .choices([...CSV_SEPARATORS])
        .default('comma'),
    )
    .action(
      run((engine, output, options: { out: string; format?: 'csv' | 'json'; csvSeparator: CsvSeparator }) => {
        const count = writePetExport(
          options.out,
          engine.services.petProfiles.exportRows(),
          options.format,
          options.csvSeparator,
        );
        if (output.json) printObject(output, { file: options.out, pets: count });
        else note(`Exported ${count} pet(s) to ${options.out}.`);
      }),
    );
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AppError('validation_failed', `--description-file: cannot read ${file}: ${(error as Error).message}`);
  }
}
