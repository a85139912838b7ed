/**
 * What an area's input schemas are made of, handed to each declaration's `input` by the contract
 * (admin-contract.ts): zod, the shared helpers, and every export of the modules that hold the
 * schemas, so a schema added to one of them needs no line here. The one file of src/shared/channels
 * that imports zod at run time; the area files import its type alone.
 */
import { z } from 'zod';
import * as adminSchemas from '../admin-schemas';
import * as audit from '../audit';
import * as backups from '../backups';
import * as care from '../care';
import * as contracts from '../contracts';
import * as csvSeparator from '../csv-separator';
import * as frontDoor from '../front-door';
import * as headerProfiles from '../header-profiles';
import * as lab from '../lab';
import * as mail from '../mail';
import * as mailTemplates from '../mail-templates';
import * as lostFound from '../lost-found';
import * as movements from '../movements';
import * as people from '../people';
import * as pet from '../pet';
import * as petProfile from '../pet-profile';
import * as photos from '../photos';
import * as plans from '../plans';
import * as portals from '../portals';
import * as reports from '../reports';
import * as shelter from '../shelter';
import * as siteInputs from '../site-inputs';
import * as siteUpload from '../site-upload';
import * as sites from '../sites';
import * as staff from '../staff';

const id = z.int().positive();
/** Given, a save from an older version than the stored one is refused: edit_conflict (docs/errors.md). */
const version = adminSchemas.RecordVersionSchema.optional();
/** A channel of one environment's data: its payload names the environment. */
const input = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject({ environment: adminSchemas.EnvironmentSchema, ...shape });

export const SCHEMA_KIT = {
  ...adminSchemas,
  ...audit,
  ...backups,
  ...care,
  ...contracts,
  ...csvSeparator,
  ...frontDoor,
  ...headerProfiles,
  ...lab,
  ...mail,
  ...mailTemplates,
  ...lostFound,
  ...movements,
  ...people,
  ...pet,
  ...petProfile,
  ...photos,
  ...plans,
  ...portals,
  ...reports,
  ...shelter,
  ...siteInputs,
  ...siteUpload,
  ...sites,
  ...staff,
  z,
  id,
  version,
  input,
};

export type SchemaKit = typeof SCHEMA_KIT;
