/**
 * The public forms' pages, in the shelter's language: the form, the thank-you page and a refusal.
 * A refusal names the reason only; the one page that shows what was sent is the form itself, re-shown
 * with the fields to fix marked, every value escaped, so nothing typed is lost with JavaScript off.
 */
import { ADOPTION_SITE_CONTENT_SECURITY_POLICY, escapeHtml } from '../publishing/adoption-site/html';
import type { PublishedWords, WordKey } from '../publishing/words/words';
import type { FormKind, FrontDoorForm, StandardQuestion } from '../../shared/front-door';

/** The honeypot's name: a field a person never sees (hidden by the stylesheet, skipped by the keyboard). */
export const HONEYPOT_FIELD = 'website';
export const TOKEN_FIELD = 'token';
export const CONSENT_FIELD = 'consent';

export interface FormPageInput {
  form: FrontDoorForm;
  words: PublishedWords;
  shelterName: string;
  pet: { id: number; name: string } | null;
  token: string;
  /** A post re-shown: what was sent, and the fields (by name) to fix. */
  sent?: { values: ReadonlyMap<string, string>; problems: ReadonlySet<string> };
}

/** The consent as the page shows it: the shelter's own words, or our standard sentence with its period. */
export function consentShown(form: FrontDoorForm, words: PublishedWords, shelterName: string): string {
  return (
    form.consentText ??
    words.t('forms.standardConsent', {
      shelter: shelterName,
      period: words.t('forms.days', { count: form.retentionDays }),
    })
  );
}

export function shell(words: PublishedWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(words.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ADOPTION_SITE_CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/site.css">
<link rel="stylesheet" href="/forms/form.css">
<script src="/forms/form.js" defer></script>
</head>
<body>
<main id="main" class="front-door">
${body}
</main>
</body>
</html>
`;
}

export function formTitle(kind: FormKind, pet: FormPageInput['pet'], { t }: PublishedWords): string {
  if (kind === 'foster') return t('forms.fosterTitle');
  return pet ? t('forms.applyTitle', { name: pet.name }) : t('forms.applyGeneralTitle');
}

export function formPage({ form, words, shelterName, pet, token, sent }: FormPageInput): string {
  const { t } = words;
  const title = formTitle(form.kind, pet, words);
  const required = ` <span class="required">(${escapeHtml(t('forms.required'))})</span>`;
  const sentValue = (name: string) => sent?.values.get(name) ?? '';
  const bad = (name: string) => sent?.problems.has(name) === true;
  // A field to fix says so beside itself, and is tied to what it says.
  const marks = (name: string, isRequired: boolean) =>
    `${isRequired ? ' required aria-required="true"' : ''}${bad(name) ? ` aria-invalid="true" aria-describedby="f-${name}-problem"` : ''}`;
  const field = (name: string, label: string, input: string, isRequired: boolean) =>
    `<p class="field"><label for="f-${name}">${escapeHtml(label)}${isRequired ? required : ''}</label>\n${input}${bad(name) ? `<span class="field-problem" id="f-${name}-problem">${escapeHtml(t('forms.fillThis'))}</span>` : ''}</p>`;
  const text = (name: string, type: string, isRequired: boolean, autocomplete: string) =>
    `<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${sentValue(name) ? ` value="${escapeHtml(sentValue(name))}"` : ''}${marks(name, isRequired)}>`;
  const area = (name: string, isRequired: boolean) =>
    `<textarea id="f-${name}" name="${name}" rows="3" maxlength="4000"${marks(name, isRequired)}>${escapeHtml(sentValue(name))}</textarea>`;
  const select = (name: string, options: readonly [string, string][], isRequired: boolean) =>
    `<select id="f-${name}" name="${name}"${marks(name, isRequired)}><option value="">${escapeHtml(t('forms.choose'))}</option>${options.map(([value, label]) => `<option value="${escapeHtml(value)}"${sentValue(name) === value ? ' selected' : ''}>${escapeHtml(label)}</option>`).join('')}</select>`;
  const questions = [
    ...form.standard.map(({ question, required: isRequired }) =>
      field(
        `q-${question}`,
        t(`forms.question.${question satisfies StandardQuestion}` as WordKey),
        area(`q-${question}`, isRequired),
        isRequired,
      ),
    ),
    ...form.custom.map((question) => {
      const name = `q-${question.id}`;
      const input =
        question.type === 'text'
          ? area(name, question.required)
          : select(
              name,
              question.type === 'yesNo'
                ? [
                    ['yes', t('forms.yes')],
                    ['no', t('forms.no')],
                  ]
                : (question.options ?? []).map((option) => [option, option]),
              question.required,
            );
      return field(name, question.label, input, question.required);
    }),
  ];
  const action = `/forms/${form.kind}${pet ? `?pet=${pet.id}` : ''}`;
  const intro = t(form.kind === 'foster' ? 'forms.fosterIntro' : 'forms.applyIntro');
  const body = `<nav class="crumbs"><a href="/">${escapeHtml(t('forms.backToPets'))}</a></nav>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<form method="post" action="${escapeHtml(action)}" accept-charset="utf-8" data-fill-this="${escapeHtml(t('forms.fillThis'))}" data-fix-fields="${escapeHtml(t('forms.fixFields'))}">
${sent ? `<p class="form-problem" role="alert">${escapeHtml(t('forms.fixFields'))}</p>` : '<p class="form-problem" role="alert" hidden></p>'}
<fieldset><legend>${escapeHtml(t('forms.aboutYou'))}</legend>
${field('name', t('forms.name'), text('name', 'text', true, 'name'), true)}
${field('email', t('forms.email'), text('email', 'email', true, 'email'), true)}
${field('phone', t('forms.phone'), text('phone', 'tel', false, 'tel'), false)}
${field('postcode', t('forms.postcode'), text('postcode', 'text', false, 'postal-code'), false)}
</fieldset>
${questions.length > 0 ? `<fieldset><legend>${escapeHtml(t('forms.yourAnswers'))}</legend>\n${questions.join('\n')}\n</fieldset>` : ''}
<p class="trap" aria-hidden="true"><label for="f-${HONEYPOT_FIELD}">${escapeHtml(t('forms.leaveEmpty'))}</label><input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></p>
<input type="hidden" name="${TOKEN_FIELD}" value="${escapeHtml(token)}">
<p class="consent"><span id="consent-text">${escapeHtml(consentShown(form, words, shelterName))}</span><br>
<label><input type="checkbox" name="${CONSENT_FIELD}" value="yes" required aria-required="true" aria-describedby="consent-text"${sentValue(CONSENT_FIELD) === 'yes' ? ' checked' : ''}${bad(CONSENT_FIELD) ? ' aria-invalid="true"' : ''}> ${escapeHtml(t('forms.consentLabel'))}</label></p>
<p><button type="submit">${escapeHtml(t('forms.send'))}</button></p>
</form>`;
  return shell(words, `${title} · ${shelterName}`, body);
}

export function thanksPage(words: PublishedWords, shelterName: string): string {
  const { t } = words;
  return shell(
    words,
    `${t('forms.thanksTitle')} · ${shelterName}`,
    `<h1>${escapeHtml(t('forms.thanksTitle'))}</h1>
<p class="thanks">${escapeHtml(t('forms.thanks'))}</p>
<p><a href="/">${escapeHtml(t('forms.backToPets'))}</a></p>`,
  );
}

/** Why a form is refused, said on its page: the reason only, never what was sent. */
export type Refusal =
  | 'tooLarge'
  | 'tooMany'
  | 'tooSoon'
  | 'tooManyLinks'
  | 'unreadable'
  | 'fixFields'
  | 'paused'
  | 'closed'
  | 'notAvailable';

export function refusalPage(
  words: PublishedWords,
  shelterName: string,
  refusal: Refusal,
  pet: { name: string } | null,
  back: string | null,
): string {
  const { t } = words;
  const said = refusal === 'paused' ? t('forms.paused', { name: pet?.name ?? '' }) : t(`forms.${refusal}`);
  return shell(
    words,
    `${t('forms.refusedTitle')} · ${shelterName}`,
    `<h1>${escapeHtml(t('forms.refusedTitle'))}</h1>
<p class="refusal" role="alert">${escapeHtml(said)}</p>
<p>${back ? `<a href="${escapeHtml(back)}">${escapeHtml(t('forms.tryAgain'))}</a> · ` : ''}<a href="/">${escapeHtml(t('forms.backToPets'))}</a></p>`,
  );
}

/** Inline validation: each required field left empty says so beside itself, before the post goes. */
export const FORM_SCRIPT = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-fill-this]');
  if (!form) return;
  var problem = form.querySelector('.form-problem');
  form.noValidate = true;
  function check(input) {
    var note = input.parentNode.querySelector('.field-problem');
    var bad = input.type === 'checkbox' ? input.required && !input.checked : !input.checkValidity();
    input.setAttribute('aria-invalid', bad ? 'true' : 'false');
    if (bad && !note) {
      note = document.createElement('span');
      note.className = 'field-problem';
      note.id = (input.id || input.name) + '-problem';
      input.setAttribute('aria-describedby', note.id);
      input.parentNode.appendChild(note);
    }
    if (note) note.textContent = bad ? form.getAttribute('data-fill-this') : '';
    return !bad;
  }
  var inputs = form.querySelectorAll('input[required], textarea[required], select[required], input[type=email]');
  inputs.forEach(function (input) {
    input.addEventListener('blur', function () { check(input); });
  });
  form.addEventListener('submit', function (event) {
    var ok = true;
    var first = null;
    inputs.forEach(function (input) {
      if (!check(input)) { ok = false; first = first || input; }
    });
    if (!ok) {
      event.preventDefault();
      problem.textContent = form.getAttribute('data-fix-fields');
      problem.hidden = false;
      first.focus();
    }
  });
});
`;

export const FORM_STYLE = `.front-door{max-width:40rem;margin:0 auto;padding:1rem}
.front-door fieldset{border:1px solid #c8c8c8;border-radius:.5rem;margin:0 0 1rem;padding:.5rem 1rem}
.front-door .field label{display:block;font-weight:600;margin-bottom:.25rem}
.front-door input[type=text],.front-door input[type=email],.front-door input[type=tel],.front-door textarea,.front-door select{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;min-height:2.75rem}
.front-door button{font:inherit;padding:.75rem 1.5rem;min-height:2.75rem}
.front-door .required{font-weight:400}
.front-door .trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.front-door .field-problem,.front-door .form-problem,.front-door .refusal{color:#a4002a;font-weight:600}
.front-door .field-problem{display:block}
`;
