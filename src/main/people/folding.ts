/** How people's names, emails, phones and postcodes are compared (search, the duplicate check). */
import { foldForSearch as foldName } from '../../shared/names';

/** Case and accents folded as every search folds them ("Zoë MÜLLER", "Łucja" → "zoe muller", "lucja"); white space runs become one space. */
export function foldForSearch(text: string): string {
  return foldName(text).replace(/\s+/g, ' ').trim();
}

/** A phone's digits alone: "+33 (0)6 12-34" → "33061234". */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The stored form of every phone's digits: " 061234 0299 ", so one LIKE '% digits %' finds an exact number. */
export function phoneDigitsColumn(phones: readonly string[]): string {
  const digits = phones.map(phoneDigits).filter((each) => each.length > 0);
  return digits.length === 0 ? '' : ` ${digits.join(' ')} `;
}

export function foldEmail(email: string | null | undefined): string | null {
  return email ? email.trim().toLowerCase() : null;
}

export function foldPostcode(postcode: string | null | undefined): string | null {
  const folded = postcode?.replace(/\s+/g, '').toUpperCase();
  return folded ? folded : null;
}
