import { type Logger, pino } from 'pino';
import type { LogLevel } from '~/server/config/index.ts';

export type { Logger };

/**
 * Credentials that must never reach a log line, wherever a logged object carries them: session tokens and API keys
 * travel in Authorization. The request log names method and path only; this catches a header object logged whole.
 */
const REDACTED = ['authorization', 'headers.authorization', '*.headers.authorization', 'req.headers.authorization'];

/** JSON lines to stdout; the platform (docker, systemd, k8s) ships them. */
export const createLogger = (level: LogLevel, role: string): Logger =>
  pino({ level, base: { role }, redact: { paths: REDACTED, censor: '[redacted]' } });
