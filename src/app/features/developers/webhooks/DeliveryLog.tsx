/** One endpoint's deliveries, newest first, followed while it is open; each can be sent again. */
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '~/app/components/format';
import type { WebhookDelivery, WebhookDeliveryPage } from '~/contract/developers';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { usePolling } from '~/lib/polling';

const POLL_MS = 3_000;

const STATUS_STYLE: Record<WebhookDelivery['status'], string> = {
  pending: 'text-fg-muted',
  succeeded: 'text-success',
  failed: 'text-danger',
};

export function DeliveryLog({ endpointId, refreshKey }: { endpointId: string; refreshKey: number }) {
  const [page, setPage] = useState<WebhookDeliveryPage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  usePolling(
    `${endpointId}:${refreshKey}`,
    async (signal) => {
      setPage(await api.get<WebhookDeliveryPage>(`/webhooks/endpoints/${endpointId}/deliveries?limit=20`, { signal }));
    },
    { intervalMs: POLL_MS },
  );

  const resend = async (delivery: WebhookDelivery) => {
    setBusy(delivery.id);
    try {
      const again = await api.post<WebhookDelivery>(`/webhooks/deliveries/${delivery.id}/resend`);
      setPage((current) => (current ? { ...current, items: [again, ...current.items] } : current));
      toast.success('Sent again');
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  if (!page) return <p className="text-sm text-fg-muted">Loading deliveries…</p>;
  if (page.items.length === 0)
    return <p className="text-sm text-fg-muted">No deliveries yet. Send a test event to see one here.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Delivery log">
        <thead className="text-fg-subtle">
          <tr>
            <th className="py-1 pr-3 font-medium">Event</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Response</th>
            <th className="py-1 pr-3 font-medium">Time</th>
            <th className="py-1 pr-3 font-medium">Attempts</th>
            <th className="py-1 pr-3 font-medium">Error</th>
            <th className="py-1 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((delivery) => (
            <tr key={delivery.id} className="border-t border-ink-800" data-testid="webhook-delivery">
              <td className="py-1 pr-3">
                <code>{delivery.eventType}</code>
              </td>
              <td className={`py-1 pr-3 font-medium ${STATUS_STYLE[delivery.status]}`}>{delivery.status}</td>
              <td className="py-1 pr-3">
                {delivery.responseStatus ?? '—'}
                {delivery.responseMs !== null ? (
                  <span className="text-fg-subtle"> · {delivery.responseMs} ms</span>
                ) : null}
              </td>
              <td className="py-1 pr-3">{formatDate(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
              <td className="py-1 pr-3">
                {delivery.attempts}
                {delivery.nextAttemptAt ? (
                  <span className="text-fg-subtle"> · next {formatDate(delivery.nextAttemptAt)}</span>
                ) : null}
              </td>
              <td className="max-w-xs break-words py-1 pr-3 text-fg-muted">{delivery.error ?? ''}</td>
              <td className="py-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy === delivery.id}
                  onClick={() => void resend(delivery)}
                >
                  Resend
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
