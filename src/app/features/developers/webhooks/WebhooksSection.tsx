/**
 * The Developers screen's webhooks: the user's endpoints (URL, events, on or off and why, failing since when),
 * adding one (its signing secret shown once), turning one on or off, deleting it, sending a test event, and each
 * one's delivery log with "Resend".
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '~/app/components/confirm';
import { formatDate } from '~/app/components/format';
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpointList,
  type WebhookEndpointRecord,
} from '~/contract/developers';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm, SecretOnce } from './EndpointForm';

function EndpointCard({
  endpoint,
  onChanged,
  onDelete,
}: {
  endpoint: WebhookEndpointRecord;
  onChanged: (endpoint: WebhookEndpointRecord) => void;
  onDelete: () => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [logKey, setLogKey] = useState(0);
  const [busy, setBusy] = useState(false);

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const setEnabled = (enabled: boolean) =>
    act(async () => {
      onChanged(await api.patch<WebhookEndpointRecord>(`/webhooks/endpoints/${endpoint.id}`, { enabled }));
      toast.success(enabled ? 'Endpoint turned on' : 'Endpoint turned off');
    });
  const sendTest = () =>
    act(async () => {
      await api.post<WebhookDelivery>(`/webhooks/endpoints/${endpoint.id}/test`);
      toast.success('Test event sent');
      setShowLog(true);
      setLogKey((key) => key + 1);
    });

  return (
    <li
      className="grid gap-3 rounded-xl border border-white/10 p-3"
      data-testid="webhook-endpoint"
      aria-label={`Endpoint ${endpoint.url}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all text-sm font-semibold text-fg">{endpoint.url}</code>
        <span
          className={`rounded-full border px-2 text-xs ${endpoint.enabled ? 'border-success/40 text-success' : 'border-danger/40 text-danger'}`}
        >
          {endpoint.enabled ? 'On' : 'Off'}
        </span>
      </div>
      {endpoint.description ? <p className="text-sm text-fg-muted">{endpoint.description}</p> : null}
      {endpoint.disabledReason ? (
        <p className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm text-fg" role="alert">
          {endpoint.disabledReason}
        </p>
      ) : endpoint.failingSince ? (
        <p className="text-sm text-danger" role="status">
          Failing since {formatDate(endpoint.failingSince)}: deliveries are being retried.
        </p>
      ) : null}
      <p className="text-xs text-fg-subtle">
        {endpoint.events.length === WEBHOOK_EVENTS.length ? 'All events' : endpoint.events.join(', ')} · added{' '}
        {formatDate(endpoint.createdAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy || !endpoint.enabled}
          onClick={() => void sendTest()}
        >
          Send test event
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => void setEnabled(!endpoint.enabled)}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-danger" disabled={busy} onClick={onDelete}>
          Delete
        </button>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} refreshKey={logKey} /> : null}
    </li>
  );
}

export function WebhooksSection() {
  const [endpoints, setEndpoints] = useState<WebhookEndpointRecord[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<(CreatedWebhookEndpoint & { secret: string }) | null>(null);
  const { askDelete, dialog } = useConfirm();

  const load = useCallback(async () => {
    try {
      setEndpoints((await api.get<WebhookEndpointList>('/webhooks/endpoints')).items);
    } catch (error) {
      notifyApiError(error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  // An endpoint turned on again or deleted takes its notice off every screen (GET /me's notices).
  const replace = (next: WebhookEndpointRecord) => {
    setEndpoints((current) => current?.map((e) => (e.id === next.id ? next : e)) ?? null);
    void refreshAccount();
  };
  const turnedOff = endpoints?.filter((e) => e.disabledReason) ?? [];

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-fg">
            Webhooks
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            We POST an event to your endpoints when a video, voice-over, image or watermark removal finishes, a GPU
            rental changes, a payment settles or your credits run low; each is signed (Standard Webhooks) and retried
            for about a day.
          </p>
        </div>
        {adding || created ? null : (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        )}
      </div>
      {turnedOff.length > 0 ? (
        <p className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-fg" role="alert">
          {turnedOff.length === 1 ? 'One endpoint was' : `${turnedOff.length} endpoints were`} turned off after failing
          for too long. Fix the receiver, then turn it on again.
        </p>
      ) : null}
      {created ? <SecretOnce endpoint={created} onDone={() => setCreated(null)} /> : null}
      {adding ? (
        <EndpointForm
          onCancel={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false);
            const { secret, ...record } = endpoint;
            // A repeat of the create answers without the secret: it was shown when the endpoint was made.
            if (secret) setCreated({ ...endpoint, secret });
            setEndpoints((current) => [record, ...(current ?? [])]);
          }}
        />
      ) : null}
      {endpoints === null ? (
        <p className="text-sm text-fg-muted">Loading endpoints…</p>
      ) : endpoints.length === 0 && !adding ? (
        <p className="text-sm text-fg-muted">No endpoints yet.</p>
      ) : (
        <ul className="grid gap-3">
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={replace}
              onDelete={() =>
                askDelete({
                  title: 'Delete this endpoint?',
                  body: `Nothing more is sent to ${endpoint.url}, and its delivery log goes with it.`,
                  path: `/webhooks/endpoints/${endpoint.id}`,
                  deleted: 'Endpoint deleted',
                  onDeleted: () => {
                    setEndpoints((current) => current?.filter((e) => e.id !== endpoint.id) ?? null);
                    void refreshAccount();
                  },
                })
              }
            />
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
