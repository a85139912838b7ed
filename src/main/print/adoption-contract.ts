import { birthInWords } from '../publishing/pet-words';
import { publishedWords, type PublishedWords } from '../publishing/words/words';
import { loadPrintFonts, PRINT_BOLD, PRINT_REGULAR, useIn } from '../print-fonts/print-fonts';
import { BODY_SIZE, ContractPage, drawFooters, INK, MARGIN, MUTED, type Row } from './contract-page';
import { contractWords, type AdoptionPaidHow, type ContractWords } from './contract-words';

export type { AdoptionPaidHow } from './contract-words';

/**
 * Everything an adoption contract prints, gathered by the engine from the stay, the people register
 * and the shelter profile. Dates are ISO 8601: a calendar date (`2026-11-27`) prints as that day; an
 * instant prints as its day in the machine's time zone (or `options.timeZone`). This is the one
 * printed document that carries the microchip and the adopter's details: it goes to the adopter and
 * the shelter's file, never to anything published.
 */
export interface AdoptionContractData {
  shelter: {
    name: string;
    /** Lines as written in the profile. */
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    /** The contract's terms from the shelter profile, paragraphs between blank lines; null when not set. */
    terms: string | null;
  };
  animal: {
    id: number | string;
    name: string;
    /** The species or category: "Dog". */
    species: string | null;
    breed: string | null;
    sex: string | null;
    /** As far as it is known: `2019-05-12`, or an estimate `2019-05` or `2019`, printed as just that much. */
    birthDate: string | null;
    /** Age in words: "3 years", "about 7 years" for an estimated birth date. */
    age: string | null;
    colour: string | null;
    microchip: string | null;
    intakeDate: string | null;
  };
  adopter: {
    name: string;
    address: string | null;
    phones: readonly string[];
    email: string | null;
    idChecked: { checked: boolean; what: string | null };
  };
  adoption: {
    date: string;
    fee: number | null;
    /** ISO 4217, "EUR". */
    currency: string | null;
    paidHow: AdoptionPaidHow | null;
    /** What the shelter's records file it under: the stay or movement id. */
    reference: string;
    /** A return's reason or a placement's expected end, under the date (agreements only: no fee row then). */
    detail?: string | null;
  };
  /** The staff member who recorded the adoption, printed under the shelter's signature. */
  staffName: string | null;
}

/** What a contract signed on the spot prints besides its text: the hand, who, when, the text's hash. */
export interface ContractSignature {
  /** The drawn signature, a PNG (already re-encoded: no metadata). */
  png: Buffer;
  signerName: string;
  /** ISO 8601 instant, printed with its time in the shelter's time zone. */
  signedAt: string;
  /** SHA-256 (hex) of the contract's text (`contractTextSha256`). */
  textSha256: string;
  /** The signed contract this one corrects. */
  replaces: { id: number; signedAt: string } | null;
}

export interface AdoptionContractOptions {
  size: 'a4' | 'letter';
  /** Given, the adopter's signature is drawn on its line and the contract says when and what was signed. */
  signature?: ContractSignature;
  /** IANA time zone for dates given as instants; the machine's when absent. */
  timeZone?: string;
  /** The shelter's language's words; English when not given. */
  words?: PublishedWords;
}

/** Points (1/72 in): ISO 216 A4 and US Letter. */
const PAPER: Record<AdoptionContractOptions['size'], [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };

/**
 * The adoption contract as a PDF, in the print fonts so every name prints (see print-fonts.ts):
 * the shelter, the animal with its microchip, the adopter, the fee and date, the terms flowing over
 * as many pages as they need, and signature lines for both sides. Metadata: a title, nothing else.
 */
export async function renderAdoptionContract(
  data: AdoptionContractData,
  options: AdoptionContractOptions = { size: 'a4' },
): Promise<Buffer> {
  // Loaded with the first contract, not at start: the server needs it to answer no request.
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = loadPrintFonts();
  const words = options.words ?? publishedWords();
  const said = contractWords(words);
  const [pageWidth, pageHeight] = PAPER[options.size];
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
  });
  // Only a title goes into the file: pdfkit's defaults name itself and the time of printing. Its
  // XMP step still reads a creation date (then writes no XMP at PDF 1.3), so that one stays, unlisted.
  doc.info = Object.defineProperty({ Title: fonts.printable(said.documentTitle(data.animal.name)) }, 'CreationDate', {
    value: new Date(),
    enumerable: false,
  });
  useIn(doc, fonts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.addPage();
  const page = new ContractPage(doc, fonts, pageWidth - MARGIN * 2, said);
  const dates = new DateWords(options.timeZone, said.locale);
  drawHeading(page, data, dates);
  page.section(said.sections.animal);
  page.rows(animalRows(data.animal, dates, said, words));
  page.section(said.sections.adopter);
  page.rows(adopterRows(data.adopter, said));
  page.section(said.sections.adoption);
  page.rows(adoptionRows(data, dates, said));
  page.section(said.sections.terms);
  page.paragraphs(data.shelter.terms ?? said.noTerms);
  drawSignatures(page, data, options.signature, dates);
  drawFooters(page, data.adoption.reference, pageHeight);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function animalRows(
  animal: AdoptionContractData['animal'],
  dates: DateWords,
  said: ContractWords,
  words: PublishedWords,
): Row[] {
  return [
    [said.animal.name, animal.name],
    [said.animal.id, String(animal.id)],
    [said.animal.species, animal.species],
    [said.animal.breed, animal.breed],
    [said.animal.sex, animal.sex],
    [said.animal.born, animal.birthDate === null ? null : birthInWords(animal.birthDate, words)],
    [said.animal.age, animal.age],
    [said.animal.colour, animal.colour],
    [said.animal.microchip, animal.microchip ?? said.notRecorded],
    [said.animal.intake, animal.intakeDate === null ? null : dates.day(animal.intakeDate)],
  ];
}

function adopterRows(adopter: AdoptionContractData['adopter'], said: ContractWords): Row[] {
  const phones = adopter.phones.filter((phone) => phone.trim() !== '');
  return [
    [said.adopter.name, adopter.name],
    [said.adopter.address, adopter.address],
    [phones.length > 1 ? said.adopter.phones : said.adopter.phone, phones.length > 0 ? phones.join('\n') : null],
    [said.adopter.email, adopter.email],
    [said.adopter.idChecked, adopter.idChecked.checked ? said.checked(adopter.idChecked.what) : said.notChecked],
  ];
}

function adoptionRows(data: AdoptionContractData, dates: DateWords, said: ContractWords): Row[] {
  const { fee, currency, paidHow, date, detail } = data.adoption;
  const waived = paidHow === 'waived';
  if (detail !== undefined)
    return [
      [said.adoption.date, dates.day(date)],
      [said.adoption.staff, detail],
    ];
  return [
    [said.adoption.date, dates.day(date)],
    [said.adoption.fee, waived ? said.feeWaived : fee === null ? said.noFee : money(fee, currency, said.locale)],
    [said.adoption.paid, waived || paidHow === null || fee === null ? null : said.paidHow[paidHow]],
    [said.adoption.staff, data.staffName],
  ];
}

/** "€125.00"; the bare amount when the shelter set no currency, or a code Intl does not know. */
function money(amount: number, currency: string | null, locale: string): string {
  const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (currency === null) return plain.format(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${plain.format(amount)} ${currency}`;
  }
}

/** Dates as "27 November 2026". */
class DateWords {
  private readonly calendar: Intl.DateTimeFormat;
  private readonly local: Intl.DateTimeFormat;
  private readonly clock: Intl.DateTimeFormat;

  constructor(timeZone: string | undefined, locale: string) {
    this.calendar = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    this.local = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    this.clock = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
  }

  /** An instant as its day and time here: "27 November 2026, 14:30". */
  moment(iso: string): string {
    const when = new Date(iso);
    return Number.isNaN(when.getTime()) ? iso : this.clock.format(when);
  }

  /** A calendar date is that day wherever the machine is; an instant is its day here; anything else prints as given. */
  day(iso: string): string {
    const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(iso);
    const when = new Date(calendarDate ? `${iso}T00:00:00Z` : iso);
    if (Number.isNaN(when.getTime())) return iso;
    return (calendarDate ? this.calendar : this.local).format(when);
  }
}

/** The title and reference on the left; the shelter's name and contact on the right, as on its letters. */
function drawHeading(page: ContractPage, data: AdoptionContractData, dates: DateWords): void {
  const said = page.said;
  const { doc, width } = page;
  const { shelter } = data;
  const gap = 16;
  const titleWidth = width * 0.5;
  const contactX = MARGIN + titleWidth + gap;
  const contactWidth = width - titleWidth - gap;
  doc
    .font(PRINT_BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(page.printable(said.title), MARGIN, MARGIN, { width: titleWidth });
  doc
    .font(PRINT_REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(page.printable(said.subtitle(data.adoption.reference, dates.day(data.adoption.date))), MARGIN, doc.y + 2, {
      width: titleWidth,
    });
  const titleBottom = doc.y;
  doc.font(PRINT_BOLD).fontSize(12).fillColor(INK);
  page.write(PRINT_BOLD, shelter.name, contactX, MARGIN + 3, { width: contactWidth, align: 'right' });
  const contact = [shelter.address, shelter.phone, shelter.email, shelter.website].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
  if (contact.length > 0) {
    doc.font(PRINT_REGULAR).fontSize(9).fillColor(MUTED);
    page.write(PRINT_REGULAR, contact.join('\n'), contactX, doc.y + 2, { width: contactWidth, align: 'right' });
  }
  doc.y = Math.max(doc.y, titleBottom);
}

/** Room above each signature line: for a hand to write in, or for a name printed there. */
const SIGN_ROOM = 24;
const SIGN_LABEL_SIZE = 8;

/** Two columns, the adopter's and the shelter's: a signature line, the name and the date, kept together on one page. */
function drawSignatures(
  page: ContractPage,
  data: AdoptionContractData,
  signature: ContractSignature | undefined,
  dates: DateWords,
): void {
  const said = page.said;
  const { doc, width } = page;
  const gap = 32;
  const columnWidth = (width - gap) / 2;
  const columns = [
    { x: MARGIN, heading: said.adopterSigns, name: signature?.signerName ?? data.adopter.name },
    { x: MARGIN + columnWidth + gap, heading: said.shelterSigns(data.shelter.name), name: data.staffName },
  ].map((column) => ({
    ...column,
    heading: page.printable(column.heading),
    name: column.name === null ? null : page.printable(column.name),
  }));
  const labels = {
    signature: page.printable(said.signature),
    name: page.printable(said.printedName),
    date: page.printable(said.date),
  };
  const agreement = page.printable(said.agreement);

  const heightOf = (text: string, size: number, font: string, boxWidth = columnWidth): number =>
    doc.font(font).fontSize(size).heightOfString(text, { width: boxWidth });
  const nameHeight = (name: string | null): number => (name === null ? 0 : heightOf(name, BODY_SIZE, PRINT_REGULAR));
  // The two columns' lines level with each other, whatever the length of a heading or a name.
  const headingHeight = Math.max(...columns.map((column) => heightOf(column.heading, 11, PRINT_BOLD)));
  const nameRoom = Math.max(SIGN_ROOM, ...columns.map((column) => nameHeight(column.name) + 4));
  const labelHeight = heightOf(labels.signature, SIGN_LABEL_SIZE, PRINT_REGULAR) + 2;
  page.keep(
    36 +
      heightOf(agreement, BODY_SIZE, PRINT_REGULAR, width) +
      12 +
      headingHeight +
      2 * SIGN_ROOM +
      (signature ? SIGNED_ROOM - SIGN_ROOM + 4 * labelHeight : 0) +
      nameRoom +
      3 * labelHeight,
  );
  page.section(said.sections.signatures);
  doc.font(PRINT_REGULAR).fontSize(BODY_SIZE).fillColor(INK).text(agreement, MARGIN, doc.y, { width });
  const top = doc.y + 12;
  const handRoom = signature ? SIGNED_ROOM : SIGN_ROOM;
  const signatureY = top + headingHeight + handRoom;
  const nameY = signatureY + labelHeight + nameRoom;
  const dateY = nameY + labelHeight + SIGN_ROOM;

  for (const column of columns) {
    doc.font(PRINT_BOLD).fontSize(11).fillColor(INK);
    page.write(PRINT_BOLD, column.heading, column.x, top, { width: columnWidth });
    signLine(doc, column.x, signatureY, columnWidth, labels.signature);
    if (column.name !== null) {
      doc.font(PRINT_REGULAR).fontSize(BODY_SIZE).fillColor(INK);
      page.write(PRINT_REGULAR, column.name, column.x, nameY - nameHeight(column.name) - 2, { width: columnWidth });
    }
    signLine(doc, column.x, nameY, columnWidth, labels.name);
    signLine(doc, column.x, dateY, columnWidth, labels.date);
  }
  doc.y = dateY + labelHeight;
  if (signature) drawSigned(page, signature, dates, { x: MARGIN, signatureY, dateY, width: columnWidth });
}

/** Room above the adopter's line for a hand drawn on a screen, scaled to fit. */
const SIGNED_ROOM = 56;

/**
 * A contract signed on the spot: the drawn hand on the adopter's line, the day and time on the date
 * line, and under both columns who signed, when, what replaced what, and the text's SHA-256 — so a
 * paper copy can be checked against the shelter's record of it.
 */
function drawSigned(
  page: ContractPage,
  signature: ContractSignature,
  dates: DateWords,
  at: { x: number; signatureY: number; dateY: number; width: number },
): void {
  const said = page.said;
  const { doc, width } = page;
  const below = doc.y;
  doc.image(signature.png, at.x, at.signatureY - SIGNED_ROOM + 2, {
    fit: [at.width, SIGNED_ROOM - 4],
    valign: 'bottom',
  });
  const when = dates.moment(signature.signedAt);
  doc.font(PRINT_REGULAR).fontSize(BODY_SIZE).fillColor(INK);
  page.write(PRINT_REGULAR, when, at.x, at.dateY - BODY_SIZE - 6, { width: at.width });
  const lines = [
    said.signedBy(signature.signerName),
    said.signedOn(when),
    ...(signature.replaces ? [said.replaces(signature.replaces.id, dates.moment(signature.replaces.signedAt))] : []),
    said.textHash(signature.textSha256),
  ];
  doc.font(PRINT_REGULAR).fontSize(SIGN_LABEL_SIZE).fillColor(MUTED);
  page.write(PRINT_REGULAR, lines.join('\n'), MARGIN, below + 10, { width });
}

/** A line to write on with its label under it. */
function signLine(doc: PDFKit.PDFDocument, x: number, y: number, width: number, label: string): void {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke()
    .restore();
  doc
    .font(PRINT_REGULAR)
    .fontSize(SIGN_LABEL_SIZE)
    .fillColor(MUTED)
    .text(label, x, y + 2, { width });
}
