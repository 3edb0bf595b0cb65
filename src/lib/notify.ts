import { toast } from 'sonner';
import { AllHostsFailedError, ApiError } from '~/lib/api/client';

/**
 * When every backend is down, each screen's calls fail together; they share one toast (a fixed sonner id updates
 * it in place) rather than stacking one per call.
 */
const BACKENDS_DOWN_TOAST_ID = 'backends-down';

/**
 * Shows a failed backend call as a toast (top-right, 4 s; the app's <Toaster> sets both). The all-hosts-failed
 * message is shown as it is: it is one of the spec's five.
 */
export function notifyApiError(error: unknown): void {
  if (error instanceof AllHostsFailedError) {
    toast.error(error.message, { id: BACKENDS_DOWN_TOAST_ID });
    return;
  }
  if (error instanceof ApiError) {
    toast.error(error.message);
    return;
  }
  console.error(error);
  toast.error('Something unexpected happened. Please try again.');
}
