/** What a screen shows when a request fails: field errors under the inputs, or a toast. */
import { toast } from 'sonner';
import type { FieldErrors } from '~/contract/errors';
import { AllHostsFailedError, ApiError } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';

/**
 * Shows what went wrong with a creation request and returns the field errors to put under the inputs. A 402 opens the
 * top-up dialog with the shortfall, over the screen, so the form stays as it is; a provider failure (424) and any
 * other answer show the server's own message.
 */
export function handleStudioError(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (error.status === 400 && Object.keys(error.fields).length > 0) {
      toast.error('Please check the highlighted fields.');
      return { ...error.fields };
    }
    if (error.status === 402) {
      const { needed, available } = error.body as { needed?: number; available?: number };
      openTopUp(needed !== undefined && available !== undefined ? { shortBy: Math.max(1, needed - available) } : {});
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
