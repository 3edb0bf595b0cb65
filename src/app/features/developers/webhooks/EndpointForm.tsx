/** Adding a webhook endpoint: URL, description and events; the answer's signing secret is shown here once. */
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { copyText } from '~/app/components/files';
import { handleStudioError } from '~/app/components/request-errors';
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from '~/contract/developers';
import type { FieldErrors } from '~/contract/errors';
import { api } from '~/lib/api/client';

export function SecretOnce({
  endpoint,
  onDone,
}: {
  endpoint: CreatedWebhookEndpoint & { secret: string };
  onDone: () => void;
}) {
  return (
    <div className="card card-pad grid gap-3" role="status" data-testid="webhook-secret">
      <h3 className="text-base font-semibold text-fg">Endpoint added: copy its signing secret now</h3>
      <p className="text-sm text-fg-muted">
        Your receiver checks each delivery's <code>webhook-signature</code> with this secret. It is shown only once; if
        you lose it, delete the endpoint and add it again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-900 px-2 py-1 text-sm text-fg">
          {endpoint.secret}
        </code>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void copyText(endpoint.secret, 'Signing secret')}
        >
          Copy
        </button>
      </div>
      <div>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

export function EndpointForm({
  onCreated,
  onCancel,
}: {
  onCreated: (endpoint: CreatedWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const created = await api.post<CreatedWebhookEndpoint>(
        '/webhooks/endpoints',
        { url, description, events },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      toast.success('Endpoint added');
      onCreated(created);
    } catch (error) {
      setErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card card-pad grid gap-4" onSubmit={(e) => void submit(e)} aria-label="Add endpoint">
      <Field
        label="Endpoint URL"
        error={errors.url}
        hint="Where we POST each event: https on a public address (a local server also takes http and 127.0.0.1)."
      >
        {(props) => (
          <input
            {...props}
            className="input"
            type="url"
            required
            placeholder="https://example.com/webhooks/nxn"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label="Description" optional error={errors.description}>
        {(props) => (
          <input
            {...props}
            className="input"
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="label">Events</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>{WEBHOOK_EVENT_LABELS[event]}</span>
              <code className="text-xs text-fg-subtle">{event}</code>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p className="field-error" role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Add endpoint
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
