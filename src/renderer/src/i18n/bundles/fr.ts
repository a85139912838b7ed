/** Every catalogue of the window in this language, one chunk of the build (fetched once, when chosen). */
import { bundle } from './bundle';

export default bundle(
  import.meta.glob<Record<string, unknown>>('../../locales/fr/*.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, unknown>>('../../../../shared/domain-words/fr/*.json', {
    eager: true,
    import: 'default',
  }),
);
