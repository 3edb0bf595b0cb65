import type { FieldErrors } from '~/contract/errors';
import { ApiError } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';

/** Field errors for a 400, the server's message for anything else the API decided. */
export function requestProblem(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0)
    return { fields: { ...error.fields }, message: null };
  if (error instanceof ApiError && error.status < 500) return { fields: {}, message: error.message };
  notifyApiError(error);
  return { fields: {}, message: null };
}
