/** What a screen shows when a request fails: field errors under the inputs, or a toast. */
import { toast } from 'sonner';
import type { FieldErrors } from '~/contract/errors';
import { AllHostsFailedError, ApiError } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';

/**
 * Shows what went wrong with a creation request and returns the field errors to put under the inputs. A 402 names
 * the shortfall and links to plans; a provider failure (424) and any other answer show the server's own message.
 */
export function handleStudioError(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (error.status === 400 && Object.keys(error.fields).length > 0) {
      toast.error('Please check the highlighted fields.');
      return { ...error.fields };
    }
    if (error.status === 402) {
      toast.error(error.message, { action: { label: 'Get credits', onClick: () => window.location.assign('/pricing') } });
      void refreshAccount();
      return {};
    }
  }
  if (error instanceof AllHostsFailedError || error instanceof ApiError) notifyApiError(error);
  else {
    console.error(error);
    toast.error('Something unexpected happened. Please try again.');
  }
  return {};
}
