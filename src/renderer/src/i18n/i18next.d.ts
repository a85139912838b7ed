/** Keys are checked against the English catalogues: a `t('pets:…')` that names no English word does not compile. */
import 'i18next';
import type { EN } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof EN;
  }
}
