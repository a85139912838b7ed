/**
 * Where the engine says what went wrong: request failures (5xx), background jobs, site serving.
 * A pino logger fits; `npm run serve` passes one writing JSON lines on stderr.
 */
export interface EngineLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The default when no logger is given (tests, the CLI): nothing is written. */
export const SILENT_LOG: EngineLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
