/**
 * The admin contract: every channel the GUI may call, its input schema and its result type. Main
 * validates every payload with these schemas; the preload exposes exactly these channels; the
 * browser mode serves the same channels over HTTP.
 */
import { z } from 'zod';
import { ADMIN_CHANNEL_NAMES, type AdminChannelName } from './admin-channels';
import {
  AccountNameSchema,
  AccountPlanInputSchema,
  BrowsePetsSchema,
  CategoryNameSchema,
  SpeciesSchema,
  ConsoleBurstSchema,
  ConsoleRequestSchema,
  EnvironmentSchema,
  KeyLabelSchema,
  NewAccountInputSchema,
  PetChangeSchema,
  PlanChangeInputSchema,
  RecordVersionSchema,
  SettingsUpdateSchema,
  type Settings,
} from './admin-schemas';
import type { Environment } from './environments';
import type { ComplianceReport } from './compliance';
import { CLOCK_MOVES, DurationSchema, RequestFilterSchema, ScenarioSchema, type HarLog, type LabClockState, type LoggedRequest, type ScenarioProgress } from './lab';
import type { AdminErrorBody } from './errors';
import { FirstOwnerSchema, InviteCodeSchema, StaffLoginSchema, StaffNameSchema, StaffPasswordSchema, StaffRoleSchema, TypedPasswordSchema, type PendingInvite, type StaffInvite, type StaffLockout, type StaffMember, type TeamState } from './staff';
import { HeaderProfileSchema, type HeaderProfile } from './header-profiles';
import type { TeamServerState } from './team';
import type { Account, ApiKeyRecord, BanRecord, Category, PetRecord, StatusChange, UsageReport } from './models';
import { NewPetSchema, PetStatusSchema, type Pet } from './pet';
import { PetProfileChangeSchema, type PetDetails, type ProfileChange, type SavedPetProfile } from './pet-profile';
import { CsvSeparatorSchema } from './csv-separator';
import { LogoUploadSchema, ShelterChangeSchema, type LogoMediaType, type ShelterProfile } from './shelter';
import { PLAN_IDS, type PlanFigures } from './plans';
import { AltTextSchema, MAX_PHOTOS_PER_PET, PhotoUploadSchema, type PetPhoto } from './photos';
import { SiteUploadSchema } from './site-upload';
import { CARD_PAPERS, MAX_KENNEL_CARDS, PORTAL_IDS, type KennelCardsPdf, type PortalId, type PortalExportResult, type PortalListing, type PortalStatus } from './portals';
import { DeployFolderSchema, DomainInputSchema, DomainNameSchema, RedirectStatusSchema } from './site-inputs';
import { NewProjectSchema, type CertificateListing, type Deploy, type Domain, type Project } from './sites';
import {
  AdoptInputSchema,
  CancelReservationInputSchema,
  FosterEndInputSchema,
  FosterStartInputSchema,
  IntakeInputSchema,
  MovementQuerySchema,
  OutcomeInputSchema,
  ReserveInputSchema,
  ReturnInputSchema,
  TodayQuerySchema,
  type AdoptionContractData,
  type AnimalRecord,
  type MovementEvent,
  type PersonMovements,
  type Stay,
  type TodaySummary,
} from './movements';
import { NewPersonSchema, PeopleSearchSchema, PersonChangeSchema, type AddedPerson, type Person, type PersonWarning } from './people';
import {
  DoseChangeSchema,
  DueQuerySchema,
  GiveInputSchema,
  ProtocolInputSchema,
  ScheduleInputSchema,
  SkipInputSchema,
  TreatmentChangeSchema,
  TreatmentInputSchema,
  type CareRecord,
  type CategoryProtocol,
  type Dose,
  type DueList,
  type GivenRound,
  type Treatment,
} from './care';
import { AuditFilterSchema, type NamedAuditEntry } from './audit';
import { BackupScheduleSchema, type BackupsStatus } from './backups';
import { LiveReleaseQuerySchema, SacQuerySchema, TrendsQuerySchema, type LiveRelease, type ReportTrendMonth, type SacMatrix } from './reports';

const id = z.int().positive();
/** Given, a save from an older version than the stored one is refused: edit_conflict (docs/errors.md). */
const version = RecordVersionSchema.optional();
const env = { environment: EnvironmentSchema };
const input = <S extends z.core.$ZodLooseShape>(shape: S) => z.strictObject({ ...env, ...shape });

export interface ServerStatus {
  environment: Environment;
  running: boolean;
  /** e.g. http://127.0.0.1:4010/v1 when running */
  baseUrl: string | null;
  port: number;
  host: string;
  /** Why it is not running (a port in use, say), and what to do about it. */
  problem: string | null;
  /** Not running because its port is taken: the Server page marks the port field. */
  portInUse: boolean;
  /** The port serving the sites over HTTPS, when one is set and the server runs. */
  httpsPort: number | null;
  /** The settings file was damaged at start: the servers run on the default settings until the next save. */
  settingsDamaged: SettingsDamage | null;
}

/** A settings file that could not be used: kept aside for the user, never silently lost. */
export interface SettingsDamage {
  /** Where the damaged file was moved (`settings.json.broken-<time>`); null when it could not be moved. */
  keptAs: string | null;
  /** What was wrong with it: a JSON syntax error, or the fields that break the rules ("ports.staging: …"). */
  reason: string;
}

export interface ConsoleResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

export interface BurstResult {
  /** One entry per request, in order. */
  responses: { status: number; code: string | null; remaining: number | null; retryAfter: number | null }[];
  counts: Record<string, number>;
}

export interface OverviewRow {
  account: Account;
  usage: UsageReport;
}

type Channel<I extends z.ZodType, O> = { input: I; output?: O };
const channel = <O>() => <I extends z.ZodType>(schema: I): Channel<I, O> => ({ input: schema });

export const ADMIN_CONTRACT = {
  'servers.status': channel<ServerStatus[]>()(z.strictObject({})),
  'settings.get': channel<Settings>()(z.strictObject({})),
  'settings.update': channel<ServerStatus[]>()(SettingsUpdateSchema),

  'categories.list': channel<Category[]>()(input({})),
  'categories.create': channel<Category>()(input({ name: CategoryNameSchema, species: SpeciesSchema.optional() })),
  'categories.rename': channel<Category>()(input({ id, name: CategoryNameSchema, species: SpeciesSchema.optional() })),
  'categories.remove': channel<null>()(input({ id })),

  'pets.browse': channel<{ pets: PetRecord[]; total: number }>()(input({ query: BrowsePetsSchema })),
  'pets.create': channel<Pet>()(input({ pet: NewPetSchema })),
  'pets.update': channel<PetRecord>()(input({ id, changes: PetChangeSchema, version })),
  'pets.setStatus': channel<PetRecord>()(input({ id, status: PetStatusSchema, version })),
  'pets.history': channel<StatusChange[]>()(input({ id })),
  'pets.remove': channel<null>()(input({ id })),
  /** The pet, its whole profile (private fields included: staff only) and its age group. */
  'pets.profile': channel<PetDetails>()(input({ id })),
  /** The profile saved, with the animal's version after the save. */
  'pets.setProfile': channel<SavedPetProfile>()(input({ id, profile: PetProfileChangeSchema, version })),
  'pets.profileHistory': channel<ProfileChange[]>()(input({ id })),
  'pets.kennelCards': channel<KennelCardsPdf>()(input({ ids: z.array(id).min(1).max(MAX_KENNEL_CARDS), paper: z.enum(CARD_PAPERS), perPage: z.union([z.literal(1), z.literal(2)]) })),
  'portals.listings': channel<Record<PortalId, PortalListing[]>>()(input({})),
  'shelter.get': channel<ShelterProfile>()(input({})),
  'shelter.set': channel<ShelterProfile>()(input({ shelter: ShelterChangeSchema, version })),
  'shelter.setLogo': channel<ShelterProfile>()(input({ data: LogoUploadSchema })),
  'shelter.removeLogo': channel<ShelterProfile>()(input({})),
  /** The stored logo's bytes (base64), for the Shelter page's preview; null when there is none. */
  'shelter.logo': channel<{ mediaType: LogoMediaType; data: string } | null>()(input({})),

  'accounts.list': channel<Account[]>()(input({})),
  'accounts.create': channel<Account>()(input({ account: NewAccountInputSchema })),
  'accounts.rename': channel<Account>()(input({ id, name: AccountNameSchema })),
  'accounts.setPlan': channel<Account>()(input({ id, plan: AccountPlanInputSchema })),

  'keys.list': channel<ApiKeyRecord[]>()(input({ accountId: id.optional() })),
  'keys.create': channel<{ key: string; record: ApiKeyRecord }>()(input({ accountId: id, label: KeyLabelSchema.optional() })),
  'keys.setLabel': channel<ApiKeyRecord>()(input({ id, label: KeyLabelSchema })),
  'keys.revoke': channel<ApiKeyRecord>()(input({ id })),
  'keys.rotate': channel<{ key: string; record: ApiKeyRecord }>()(input({ id })),

  'plans.list': channel<PlanFigures[]>()(input({})),
  'plans.update': channel<PlanFigures>()(input({ planId: z.enum(PLAN_IDS), change: PlanChangeInputSchema })),

  'usage.overview': channel<OverviewRow[]>()(input({})),
  'usage.report': channel<UsageReport>()(input({ accountId: id })),
  'usage.reset': channel<UsageReport>()(input({ accountId: id })),
  'bans.list': channel<BanRecord[]>()(input({})),
  'bans.lift': channel<{ lifted: boolean }>()(input({ keyId: id })),

  'console.send': channel<ConsoleResponse>()(ConsoleRequestSchema),
  'console.burst': channel<BurstResult>()(ConsoleBurstSchema),

  'projects.list': channel<Project[]>()(input({})),
  'projects.create': channel<Project>()(input({ project: NewProjectSchema })),
  'deploys.list': channel<Deploy[]>()(input({ projectId: id })),
  'deploys.fromFolder': channel<Deploy>()(input({ projectId: id, folder: DeployFolderSchema })),
  'deploys.fromUpload': channel<Deploy>()(input({ projectId: id, upload: SiteUploadSchema })),
  'deploys.adoptionPage': channel<Deploy>()(input({ projectId: id })),
  'deploys.rollback': channel<Deploy>()(input({ projectId: id, number: id })),
  'domains.list': channel<Domain[]>()(input({ projectId: id.optional() })),
  'domains.add': channel<Domain>()(input({ projectId: id, domain: DomainInputSchema })),
  'domains.verify': channel<Domain>()(input({ name: DomainNameSchema })),
  'domains.setRedirectStatus': channel<Domain>()(input({ name: DomainNameSchema, status: RedirectStatusSchema })),
  'domains.promote': channel<Domain>()(input({ name: DomainNameSchema })),
  'domains.remove': channel<Domain>()(input({ name: DomainNameSchema })),
  'certificates.list': channel<CertificateListing[]>()(input({})),
  /** The local CA's certificate (public, PEM): one per data dir, for both environments. */
  'certificates.ca': channel<{ pem: string }>()(z.strictObject({})),
  /** Re-checks the domain's DNS, then requests its certificate anew. */
  'domains.reverify': channel<Domain>()(input({ name: DomainNameSchema })),
  'lab.clock': channel<LabClockState>()(input({})),
  'lab.moveClock': channel<LabClockState>()(input({ move: z.enum(CLOCK_MOVES) })),
  'lab.advanceClock': channel<LabClockState>()(input({ duration: DurationSchema })),
  'lab.headerProfile': channel<{ profile: HeaderProfile }>()(input({})),
  'lab.setHeaderProfile': channel<{ profile: HeaderProfile }>()(input({ profile: HeaderProfileSchema })),
  'lab.requests': channel<LoggedRequest[]>()(input({ filter: RequestFilterSchema })),
  'lab.har': channel<HarLog>()(input({ filter: RequestFilterSchema })),
  'lab.scenarioStart': channel<ScenarioProgress>()(input({ scenario: ScenarioSchema })),
  'lab.scenarios': channel<ScenarioProgress[]>()(input({})),
  'lab.scenarioCancel': channel<ScenarioProgress>()(input({ id })),
  'lab.report': channel<ComplianceReport>()(input({ keyId: id, from: z.int().nonnegative().optional(), to: z.int().nonnegative().optional() })),

  // A pet's photos: one file per upload, so each file gets its own refusal.
  'photos.list': channel<PetPhoto[]>()(input({ petId: id })),
  'photos.add': channel<PetPhoto>()(input({ petId: id, photo: PhotoUploadSchema })),
  'photos.remove': channel<PetPhoto[]>()(input({ petId: id, photoId: id })),
  'photos.move': channel<PetPhoto[]>()(input({ petId: id, photoId: id, position: z.int().min(1).max(MAX_PHOTOS_PER_PET) })),
  'photos.setAlt': channel<PetPhoto>()(input({ petId: id, photoId: id, alt: AltTextSchema })),

  // The shelter's day: each movement returns the stay it touched; refusals are `conflict` with the rule as `reason`.
  'movements.intake': channel<Stay>()(input({ intake: IntakeInputSchema })),
  'movements.reserve': channel<Stay>()(input({ reservation: ReserveInputSchema })),
  'movements.cancelReservation': channel<Stay>()(input({ cancellation: CancelReservationInputSchema })),
  'movements.adopt': channel<Stay>()(input({ adoption: AdoptInputSchema })),
  'movements.fosterStart': channel<Stay>()(input({ placement: FosterStartInputSchema })),
  'movements.fosterEnd': channel<Stay>()(input({ placement: FosterEndInputSchema })),
  'movements.outcome': channel<Stay>()(input({ outcome: OutcomeInputSchema })),
  'movements.return': channel<Stay>()(input({ return: ReturnInputSchema })),
  'movements.list': channel<MovementEvent[]>()(input({ query: MovementQuerySchema })),
  /** The Today page in one read. */
  'movements.today': channel<TodaySummary>()(input({ query: TodayQuerySchema })),
  /** One animal's record page: header, stays, movement history, status history. */
  'movements.record': channel<AnimalRecord>()(input({ petId: id })),
  /** What the adoption contract prints (the PDF itself: movements.contractPdf). */
  'movements.contractData': channel<AdoptionContractData>()(input({ stayId: id })),
  /** Adds the person, with a warning for each likely duplicate (never a refusal). */
  'people.add': channel<AddedPerson>()(input({ person: NewPersonSchema })),
  'people.list': channel<{ people: Person[]; total: number }>()(input({ query: PeopleSearchSchema })),
  /** A person's page: the person, their movements and the animals those were about. */
  'people.show': channel<{ person: Person } & PersonMovements>()(input({ id })),
  'people.edit': channel<Person>()(input({ id, changes: PersonChangeSchema, version })),
  /** Anonymises the person; the id and their movements stay. */
  'people.forget': channel<Person>()(input({ id })),

  // People page: the likely-duplicate check before adding, so the dialog asks first.
  'people.duplicates': channel<PersonWarning[]>()(input({ person: NewPersonSchema })),

  // Care: refusals are `conflict` with the rule as `reason`; a round (care.give) records all its doses or none.
  /** One animal's vaccinations, treatments, spay/neuter day, up-to-date state and care history. */
  'care.record': channel<CareRecord>()(input({ petId: id })),
  /** Doses waiting, of animals in care: overdue, due today, due in the next days. */
  'care.due': channel<DueList>()(input({ query: DueQuerySchema })),
  /** Whether the animal is current on its shots (null: nothing recorded), as the portals' shots fields say it. */
  'care.upToDate': channel<{ upToDate: boolean | null }>()(input({ petId: id })),
  'care.schedule': channel<Dose>()(input({ dose: ScheduleInputSchema })),
  'care.give': channel<GivenRound>()(input({ round: GiveInputSchema })),
  'care.editDose': channel<Dose>()(input({ doseId: id, changes: DoseChangeSchema })),
  'care.skip': channel<Dose>()(input({ skip: SkipInputSchema })),
  'care.addTreatment': channel<Treatment>()(input({ treatment: TreatmentInputSchema })),
  'care.editTreatment': channel<Treatment>()(input({ treatmentId: id, changes: TreatmentChangeSchema })),
  'care.protocols': channel<CategoryProtocol[]>()(input({})),
  'care.setProtocol': channel<CategoryProtocol>()(input({ protocol: ProtocolInputSchema })),

  // reports
  /** The Shelter Animals Count basic data matrix of a month, in the zone given (UTC without one). */
  'reports.sac': channel<SacMatrix>()(input({ query: SacQuerySchema })),
  /** The same matrix as the CSV file staff download. */
  'reports.sacCsv': channel<{ fileName: string; csv: string }>()(input({ query: SacQuerySchema, separator: CsvSeparatorSchema.optional() })),
  /** The live release rate (Asilomar Accords) of a period of whole days. */
  'reports.liveRelease': channel<LiveRelease>()(input({ query: LiveReleaseQuerySchema })),
  /** Month by month up to the one given: intakes, outcomes, the count at the end, the live release rate. */
  'reports.trends': channel<ReportTrendMonth[]>()(input({ query: TrendsQuerySchema })),
  // The record page: a stay's adoption contract, made like the CLI's `contract`, for the window to download.
  'movements.contractPdf': channel<{ fileName: string; pdfBase64: string }>()(input({ stayId: id })),

  // Staff, logins and roles: staff live in the production database, so no environment.
  'staff.login': channel<StaffMember>()(z.strictObject({ login: StaffLoginSchema, password: TypedPasswordSchema })),
  'staff.logout': channel<null>()(z.strictObject({})),
  'staff.me': channel<TeamState>()(z.strictObject({})),
  'staff.list': channel<StaffMember[]>()(z.strictObject({})),
  'staff.invite': channel<StaffInvite>()(z.strictObject({ name: StaffNameSchema, role: StaffRoleSchema })),
  'staff.acceptInvite': channel<StaffMember>()(z.strictObject({ code: InviteCodeSchema, login: StaffLoginSchema, password: StaffPasswordSchema })),
  'staff.setRole': channel<StaffMember>()(z.strictObject({ id, role: StaffRoleSchema })),
  'staff.deactivate': channel<StaffMember>()(z.strictObject({ id })),
  'staff.changePassword': channel<null>()(z.strictObject({ current: TypedPasswordSchema, password: StaffPasswordSchema })),

  // listings
  /** Every portal's last export per animal, whether it is the first export, and what an export now would do. */
  'portals.status': channel<PortalStatus[]>()(input({})),
  /** Writes a portal's files into the environment's export folder in the data folder (`dir` says where). */
  'portals.export': channel<PortalExportResult>()(input({ portal: z.enum(PORTAL_IDS), allowDrops: z.boolean(), confirmFirstUpload: z.boolean() })),

  // The audit trail
  'audit.list': channel<NamedAuditEntry[]>()(input({ filter: AuditFilterSchema })),

  // The shelter server
  /** Whether this computer serves the shelter's network, the addresses other desks type, and the CA's code to compare. */
  'team.server': channel<TeamServerState>()(z.strictObject({})),
  // Backups: of the whole data dir, so no environment.
  /** The nightly schedule, the last backup's result, the next run and the backups in the folder. */
  'backups.status': channel<BackupsStatus>()(z.strictObject({})),
  'backups.configure': channel<BackupsStatus>()(BackupScheduleSchema),
  /** Writes a backup now into the chosen folder; a failure is answered as the error and kept as the last result. */
  'backups.runNow': channel<BackupsStatus>()(z.strictObject({})),
  // The login page and the Staff page (the window)
  /** The first owner, from the desk's credential while the data dir has no staff: turns team mode on. */
  'staff.setupOwner': channel<StaffMember>()(FirstOwnerSchema),
  // The Staff page: an owner manages the team fully; team mode off and on at the desk
  /** A deactivated member may log in again, with their login and password as they were. */
  'staff.reactivate': channel<StaffMember>()(z.strictObject({ id })),
  /** An owner sets a member's new password (never their own: Change password asks the current one); the member's sessions end. */
  'staff.setPassword': channel<null>()(z.strictObject({ id, password: StaffPasswordSchema })),
  'staff.rename': channel<StaffMember>()(z.strictObject({ id, name: StaffNameSchema })),
  /** Team mode off (every session ends, no one logs in) or on (needs an active owner): at the desk only. */
  'team.setEnabled': channel<{ teamMode: boolean }>()(z.strictObject({ enabled: z.boolean() })),
  /** Invitations neither used, revoked nor expired: who made each, its role, when it expires (never its code). */
  'staff.invitations': channel<PendingInvite[]>()(z.strictObject({})),
  /** Takes back a pending invitation: its code works no more. */
  'staff.revokeInvite': channel<PendingInvite>()(z.strictObject({ id })),
  /** The login, address, password and invitation brakes refusing attempts now, and until when. */
  'staff.lockouts': channel<StaffLockout[]>()(z.strictObject({})),
} as const satisfies Record<AdminChannelName, Channel<z.ZodType, unknown>>;

export type AdminChannel = AdminChannelName;
export const ADMIN_CHANNELS: readonly AdminChannel[] = ADMIN_CHANNEL_NAMES;
export type AdminInput<C extends AdminChannel> = z.input<(typeof ADMIN_CONTRACT)[C]['input']>;
export type AdminParsedInput<C extends AdminChannel> = z.output<(typeof ADMIN_CONTRACT)[C]['input']>;
export type AdminOutput<C extends AdminChannel> = (typeof ADMIN_CONTRACT)[C] extends Channel<z.ZodType, infer O> ? O : never;

/** What crosses IPC or HTTP: errors travel as values, since thrown classes do not survive IPC; with their details (docs/errors.md). */
export type AdminResult<T> = { ok: true; value: T } | { ok: false; error: AdminErrorBody };

/** The typed API the renderer sees, one method per channel. */
export type AdminApi = { [C in AdminChannel]: (input: AdminInput<C>) => Promise<AdminResult<AdminOutput<C>>> };

/** In the HTTP transport of browser mode, every channel is POST {ADMIN_HTTP_PREFIX}{channel}. */
export const ADMIN_HTTP_PREFIX = '/admin/api/';
/** Browser mode serves a pet's stored photos at GET {ADMIN_PHOTOS_PREFIX}<environment>/<hash>.jpg (or -thumb.jpg). */
export const ADMIN_PHOTOS_PREFIX = '/admin/photos/';
