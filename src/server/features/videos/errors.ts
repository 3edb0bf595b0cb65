/** Failures of the video pipeline, worded for the person waiting for their video. */
import { ProviderError } from '~/server/providers/http.ts';

export class MediaError extends Error {
  /** The pipeline stage that failed. */
  readonly stage: string;
  /** Technical detail for logs (ffmpeg's stderr, the upstream answer); never shown to users. */
  readonly detail: string | undefined;
  /** False when running again cannot help (the script itself is the problem); undefined leaves it to the caller. */
  readonly retryable: boolean | undefined;

  constructor(message: string, stage: string, options: { cause?: unknown; detail?: string; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MediaError';
    this.stage = stage;
    this.detail = options.detail ?? describe(options.cause);
    this.retryable = options.retryable;
  }
}

function describe(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  if (cause instanceof ProviderError) return [cause.message, cause.status, cause.detail].filter(Boolean).join(' | ');
  if (cause instanceof Error) {
    const stderr = (cause as Error & { stderr?: string }).stderr;
    return stderr ? `${cause.message}\n${stderr}` : cause.message;
  }
  return String(cause);
}

export const isAbortError = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/** Adds a provider's own explanation ("OpenAI is busy right now…") after our sentence when there is one. */
export const withReason = (sentence: string, cause: unknown): string =>
  cause instanceof ProviderError ? `${sentence} ${cause.message}` : sentence;
