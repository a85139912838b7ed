import { API_BASE_PATH } from '../../shared/environments';

/** The public paths and their methods, so a wrong method gets 405 + Allow instead of 404. */
const KNOWN_PATHS: { pattern: RegExp; methods: string[] }[] = [
  { pattern: new RegExp(`^${API_BASE_PATH}/pets$`), methods: ['GET', 'HEAD', 'POST'] },
  { pattern: new RegExp(`^${API_BASE_PATH}/pets/[^/]+$`), methods: ['GET', 'HEAD'] },
  { pattern: new RegExp(`^${API_BASE_PATH}/openapi\\.json$`), methods: ['GET', 'HEAD'] },
];

export function allowedMethodsFor(path: string): string[] | undefined {
  return KNOWN_PATHS.find((known) => known.pattern.test(path))?.methods;
}
