import path from 'node:path';
import type { Environment } from '../../shared/environments';
import type { Connection } from '../db/connection';
import type { Changes } from '../db/changes';
import type { LabClock } from '../lab/clock';
import { AccountService } from '../accounts/accounts';
import { PlanService } from '../accounts/plans';
import { CategoryService } from '../pets/categories';
import { KeyService } from '../keys/keys';
import { PetService } from '../pets/pets';
import { PetProfileService } from '../pets/profiles';
import { ShelterService } from '../shelter/shelter';
import { PhotoService } from '../photos/photos';
import { QuotaService } from '../quota/quota';
import { PeopleService } from '../people/people';
import { MovementService } from '../movements/movements';
import { ShelterDay } from '../movements/shelter-day';
import { CareService } from '../care/care';
import { ReportService } from '../reports/reports';
import { StaffService } from '../staff/staff';
import { AuditService } from '../audit/audit';
import { ContractPrinter } from '../contracts/printing';
import { SignedContracts } from '../contracts/signed-contracts';
import { Outbox } from '../mail/outbox';
import { MailSettingsStore } from '../mail/settings';
import { Messages } from '../mail/messages';
import { TemplateStore } from '../mail/templates/template-store';
import { FrontDoorService } from '../front-door/front-door';
import { FormTokens } from '../front-door/form-token';
import { FormLimitCounters } from '../quota/form-limits';
import { LostFoundService } from '../lost-found/lost-found';

export interface Services {
  categories: CategoryService;
  pets: PetService;
  plans: PlanService;
  accounts: AccountService;
  keys: KeyService;
  quota: QuotaService;
  /** Pet profiles (src/shared/pet-profile.ts) and their history. */
  petProfiles: PetProfileService;
  shelter: ShelterService;
  photos: PhotoService;
  /** The register of people and organisations (private: never published). */
  people: PeopleService;
  /** Intakes, reservations, adoptions, fosters, outcomes, returns: the rules. */
  movements: MovementService;
  /** The record page, the movement list, the Today page, a person's movements, the contract's data. */
  shelterDay: ShelterDay;
  /** Vaccinations, treatments and tests, protocols, the due list; `care.upToDate(petId)` for the portals' shots fields. */
  care: CareService;
  /** The Shelter Animals Count matrix, the live release rate and their trends: read-only over the movements. */
  reports: ReportService;
  /** Staff, sessions, invitations and team mode; the production engine's is the one in use. */
  staff: StaffService;
  audit: AuditService;
  /** Contracts signed on the spot, kept byte for byte; `verify` tells a file of ours, unchanged. */
  contracts: SignedContracts;
  /** Mail to people: written with what caused it, sent by the serving engine's outbox job. */
  outbox: Outbox;
  /** The shelter's SMTP provider; the password in a 0600 file of its own. */
  mailSettings: MailSettingsStore;
  /** The messages that go out by themselves: their templates and settings, and `runDue` for the ones time brings. */
  messages: Messages;
  /** The public forms and the review queue of what visitors sent (private: never published). */
  frontDoor: FrontDoorService;
  /** Lost and found reports, matched against each other and the strays in care; `recordReport` for the site's forms. */
  lostFound: LostFoundService;
}

/** What the services of one environment are made over: its database, its change topics, its clocks and its folder. */
export interface ServiceSources {
  connection: Connection;
  changes: Changes;
  labClock: LabClock;
  dataDir: string;
  environment: Environment;
}

/**
 * Every service of one environment, each handed the others it asks. The lab clock moves what the
 * quota lab is about (quota); records, sites and certificates keep real time, so nothing made under
 * the lab is dated or scheduled in its future.
 */
export function createServices({ connection, changes, labClock, dataDir, environment }: ServiceSources): Services {
  const { db, sqlite } = connection;
  const { real } = labClock;
  const categories = new CategoryService(db, changes);
  const plans = new PlanService(db, changes);
  const accounts = new AccountService(db, real, plans, changes);
  const keys = new KeyService(db, real, environment, accounts, changes);
  const shelter = new ShelterService(db, real, changes);
  const pets = new PetService(db, sqlite, real, categories, changes);
  const petProfiles = new PetProfileService(db, real, changes, () => shelter.currency());
  const people = new PeopleService(sqlite, real, changes);
  const care = new CareService({
    sqlite,
    clock: real,
    changes,
    people,
    birthDateOf: (petId) => petProfiles.get(petId).birthDate,
    spayedNeutered: (petId) => {
      if (petProfiles.get(petId).spayedNeutered !== true) petProfiles.set(petId, { spayedNeutered: true });
    },
  });
  const mailSettings = new MailSettingsStore(sqlite, real, dataDir, environment);
  const outbox = new Outbox({
    sqlite,
    clock: real,
    changes,
    people,
    settings: mailSettings,
    shelterLanguage: () => shelter.get().language,
    shelterName: () => shelter.name(),
  });
  const messages = new Messages({
    sqlite,
    clock: real,
    changes,
    outbox,
    templates: new TemplateStore(sqlite, real),
    people,
    dosesDueOn: (days) =>
      care.waitingDueOn(
        days,
        () => new Map([...petProfiles.all()].map(([petId, profile]) => [petId, profile.birthDate])),
      ),
    today: () => care.today(),
  });
  const movements = new MovementService(
    sqlite,
    real,
    changes,
    pets,
    people,
    (petId, at, by, type) => care.protocols.scheduleAtIntake(petId, at, by, type),
    messages,
  );
  const quota = new QuotaService(sqlite, labClock, accounts, plans, keys, changes);
  const frontDoor = new FrontDoorService({
    sqlite,
    clock: real,
    retentionClock: labClock,
    changes,
    pets,
    people,
    movements,
    tokens: new FormTokens(dataDir),
    limits: new FormLimitCounters(sqlite, real),
    mail: messages,
  });
  // Forgetting a person takes what they sent through the front door with them.
  people.onForget((person) => frontDoor.forgetPerson(person));
  // A photo's default alt text: the pet's name and its primary breed.
  const photos = new PhotoService({
    sqlite,
    clock: real,
    changes,
    dir: path.join(dataDir, 'photos', environment),
    subjectOf: (petId) => ({ name: pets.getRecord(petId).name, breed: petProfiles.get(petId).breedPrimary }),
  });
  const shelterDay = new ShelterDay(sqlite, real, movements.store, pets, {
    cover: (petId) => photos.list(petId)[0] ?? null,
    kennel: (petId) => petProfiles.get(petId).kennelLocation ?? null,
    animal: (petId) => petProfiles.details(petId),
    person: (personId) => people.get(personId),
    shelter: () => shelter.get(),
  });
  return {
    categories,
    pets,
    plans,
    accounts,
    keys,
    quota,
    petProfiles,
    shelter,
    photos,
    people,
    movements,
    shelterDay,
    care,
    reports: new ReportService(sqlite),
    staff: new StaffService(sqlite, real, changes),
    audit: new AuditService(sqlite, real),
    contracts: new SignedContracts(
      sqlite,
      real,
      changes,
      new ContractPrinter({ shelterDay, categories }),
      (_tx, { contract, petName, signerPersonId }) =>
        messages.contractSigned({
          contractId: contract.id,
          kind: contract.kind,
          petName,
          signerPersonId,
          signerName: contract.signerName,
          signedAt: Date.parse(contract.signedAt),
          fileName: contract.fileName,
        }),
    ),
    outbox,
    mailSettings,
    messages,
    frontDoor,
    lostFound: new LostFoundService(sqlite, real, changes, movements),
  };
}
