/** The words for a state, shared by "Work in progress" and "Recent work" so one thing is never called two names. */

import { RENTAL_STATUS_LABELS } from '~/app/components/RentalStatusBadge';
import type { ActivityItem } from '~/contract/analytics';
import { VIDEO_STAGE_LABELS } from '~/contract/video';

export const STATUS_LABELS: Record<string, string> = {
  ...RENTAL_STATUS_LABELS,
  queued: 'Queued',
  active: 'In progress',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  // A watermark removal uploaded and waiting for the user's boxes.
  uploaded: 'Ready to edit',
};

/** A running item's stage: a video's own stage names first, then the feature's words, then what the API said. */
export const stageLabel = (item: ActivityItem) =>
  item.stage && Object.hasOwn(VIDEO_STAGE_LABELS, item.stage)
    ? VIDEO_STAGE_LABELS[item.stage as keyof typeof VIDEO_STAGE_LABELS]
    : (item.stage ?? STATUS_LABELS[item.status] ?? item.status);
