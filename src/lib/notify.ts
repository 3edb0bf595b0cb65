import { toast } from 'sonner';
import { AllHostsFailedError, ApiError } from '~/lib/api/client';

/**
 * Shows a failed backend call as a toast (top-right, 4 s; the app's <Toaster> sets both). The all-hosts-failed
 * message is shown as it is: it is one of the spec's five.
 */
export function notifyApiError(error: unknown): void {
  if (error instanceof AllHostsFailedError || error instanceof ApiError) {
    toast.error(error.message);
    return;
  }
  console.error(error);
  toast.error('Something unexpected happened. Please try again.');
}
