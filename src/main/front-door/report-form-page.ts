/**
 * The site's "I lost my pet" and "I found an animal" forms: the lost and found questions (species,
 * sex, colour, breed, size, microchip, where and when, distinguishing features) and a way to reach
 * the reporter, on the same page shell, honeypot and token as the applications' forms.
 */
import type { ReportKind } from '../../shared/lost-found';
import { PET_SEXES, PET_SIZES } from '../../shared/pet-profile';
import { SPECIES } from '../../shared/species';
import { escapeHtml } from '../publishing/adoption-site/html';
import type { PublishedWords, WordKey } from '../publishing/words/words';
import { CONSENT_FIELD, HONEYPOT_FIELD, TOKEN_FIELD, shell } from './form-pages';

/** How long a report's contact is kept once it is closed, as the consent says. */
export const REPORT_RETENTION_DAYS = 28;

export function reportTitle(kind: ReportKind, { t }: PublishedWords): string {
  return t(kind === 'lost' ? 'forms.report.lostTitle' : 'forms.report.foundTitle');
}

export function reportConsent(words: PublishedWords, shelterName: string): string {
  return words.t('forms.standardConsent', {
    shelter: shelterName,
    period: words.t('forms.days', { count: REPORT_RETENTION_DAYS }),
  });
}

export function reportFormPage(kind: ReportKind, words: PublishedWords, shelterName: string, token: string): string {
  const { t } = words;
  const title = reportTitle(kind, words);
  const required = ` <span class="required">(${escapeHtml(t('forms.required'))})</span>`;
  const field = (name: string, label: string, input: string, isRequired: boolean) =>
    `<p class="field"><label for="f-${name}">${escapeHtml(label)}${isRequired ? required : ''}</label>\n${input}</p>`;
  const need = (isRequired: boolean) => (isRequired ? ' required aria-required="true"' : '');
  const text = (name: string, type: string, isRequired: boolean, autocomplete: string, max = 300) =>
    `<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${max}"${need(isRequired)}>`;
  const select = (name: string, options: readonly string[], prefix: string, isRequired: boolean) =>
    `<select id="f-${name}" name="${name}"${need(isRequired)}><option value="">${escapeHtml(t('forms.choose'))}</option>${options
      .map((value) => `<option value="${value}">${escapeHtml(t(`${prefix}.${value}` as WordKey))}</option>`)
      .join('')}</select>`;
  const body = `<nav class="crumbs"><a href="/">${escapeHtml(t('forms.backToPets'))}</a></nav>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t(kind === 'lost' ? 'forms.report.lostIntro' : 'forms.report.foundIntro'))}</p>
<form method="post" action="/forms/${kind}" accept-charset="utf-8" enctype="multipart/form-data" data-fill-this="${escapeHtml(t('forms.fillThis'))}" data-fix-fields="${escapeHtml(t('forms.fixFields'))}">
<p class="form-problem" role="alert" hidden></p>
<fieldset><legend>${escapeHtml(t('forms.report.theAnimal'))}</legend>
${field('species', t('forms.report.species'), select('species', SPECIES, 'pet.species', true), true)}
${field('sex', t('forms.report.sex'), select('sex', PET_SEXES, 'pet.sex', false), false)}
${field('colour', t('forms.report.colour'), text('colour', 'text', false, 'off', 100), false)}
${field('breed', t('forms.report.breed'), text('breed', 'text', false, 'off', 100), false)}
${field('size', t('forms.report.size'), select('size', PET_SIZES, 'pet.size', false), false)}
${field('microchip', t('forms.report.microchip'), text('microchip', 'text', false, 'off', 20), false)}
${field('seenAt', t(kind === 'lost' ? 'forms.report.seenAtLost' : 'forms.report.seenAtFound'), text('seenAt', 'date', true, 'off', 10), true)}
${field('place', t('forms.report.place'), text('place', 'text', false, 'off'), false)}
${field('postcode', t('forms.postcode'), text('postcode', 'text', false, 'postal-code', 20), false)}
${field('features', t('forms.report.features'), `<textarea id="f-features" name="features" rows="3" maxlength="2000"></textarea>`, false)}
${field('photo', t('forms.report.photo'), `<input id="f-photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp">`, false)}
</fieldset>
<fieldset><legend>${escapeHtml(t('forms.report.yourContact'))}</legend>
${field('name', t('forms.name'), text('name', 'text', true, 'name', 200), true)}
${field('phone', t('forms.phone'), text('phone', 'tel', false, 'tel', 40), false)}
${field('email', t('forms.email'), text('email', 'email', false, 'email', 254), false)}
</fieldset>
<p class="trap" aria-hidden="true"><label for="f-${HONEYPOT_FIELD}">${escapeHtml(t('forms.leaveEmpty'))}</label><input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></p>
<input type="hidden" name="${TOKEN_FIELD}" value="${escapeHtml(token)}">
<p class="consent"><span id="consent-text">${escapeHtml(reportConsent(words, shelterName))}</span><br>
<label><input type="checkbox" name="${CONSENT_FIELD}" value="yes" required aria-required="true" aria-describedby="consent-text"> ${escapeHtml(t('forms.consentLabel'))}</label></p>
<p><button type="submit">${escapeHtml(t('forms.send'))}</button></p>
</form>`;
  return shell(words, `${title} · ${shelterName}`, body);
}
