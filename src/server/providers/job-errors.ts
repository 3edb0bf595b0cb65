/** Provider failures become JobErrors, whose messages the jobs framework shows to the user as they are. */
import { JobError } from '~/server/jobs/registry.ts';
import { ProviderError, type ProviderErrorKind } from '~/server/providers/http.ts';

const TRANSIENT: ReadonlySet<ProviderErrorKind> = new Set(['rate_limited', 'unavailable', 'timeout', 'unreachable']);

/** Worth another attempt: the service may answer next time. A refused key, a refusal or bad input will not change. */
export const isTransient = (error: ProviderError): boolean => TRANSIENT.has(error.kind);

export function asJobError(error: unknown): unknown {
  if (error instanceof ProviderError)
    return new JobError(`${error.message} No credits were charged.`, isTransient(error));
  return error;
}
