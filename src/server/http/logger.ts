import { type Logger, pino } from 'pino';
import type { LogLevel } from '../config/index.ts';

export type { Logger };

/** JSON lines to stdout; the platform (docker, systemd, k8s) ships them. */
export const createLogger = (level: LogLevel, role: string): Logger => pino({ level, base: { role } });
