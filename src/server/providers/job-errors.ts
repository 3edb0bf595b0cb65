/** Provider failures become JobErrors, whose messages the jobs framework shows to the user as they are. */
import { JobError } from '~/server/jobs/registry.ts';
import { ProviderError, type ProviderErrorKind } from '~/server/providers/http.ts';

/** Worth one automatic retry: the service may answer next time. Auth and refusals will not change. */
const TRANSIENT: ReadonlySet<ProviderErrorKind> = new Set(['rate_limited', 'unavailable', 'timeout', 'unreachable']);

export function asJobError(error: unknown): unknown {
  if (error instanceof ProviderError) return new JobError(`${error.message} No credits were charged.`, TRANSIENT.has(error.kind));
  return error;
}
