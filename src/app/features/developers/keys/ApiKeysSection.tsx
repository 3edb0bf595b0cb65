/**
 * The user's API keys: make one (shown once), see each by its prefix with its scopes, creation and last use, and
 * revoke it. Revoked keys stay listed, marked, so the user can tell which key stopped working and when.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '~/app/components/confirm';
import { formatDate } from '~/app/components/format';
import { Spinner } from '~/app/components/Spinner';
import { API_KEY_SCOPE_LABELS, type ApiKeyList, type ApiKeyRecord, type CreatedApiKey } from '~/contract/developers';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { CreateKeyForm } from './CreateKeyForm';
import { NewKeyDialog } from './NewKeyDialog';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyRecord; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li
      className={`grid gap-1 rounded-xl border border-white/10 p-3 sm:grid-cols-[1fr_auto] sm:items-center ${revoked ? 'opacity-70' : ''}`}
      aria-label={`API key ${apiKey.name}`}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-fg">{apiKey.name}</span>
          <code className="font-mono text-xs text-fg-muted">{apiKey.prefix}…</code>
          {revoked ? (
            <span className="rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">
              Revoked
            </span>
          ) : null}
        </p>
        <p className="text-xs text-fg-subtle">
          {apiKey.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope].label).join(' · ')}
        </p>
        <p className="text-xs text-fg-subtle">
          Created {formatDate(apiKey.createdAt)} · Last used{' '}
          {apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'Never'}
          {apiKey.revokedAt ? ` · Revoked ${formatDate(apiKey.revokedAt)}` : ''}
        </p>
      </div>
      {revoked ? null : (
        <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={onRevoke}>
          Revoke
        </button>
      )}
    </li>
  );
}

export function ApiKeysSection() {
  const [keys, setKeys] = useState<ApiKeyRecord[] | null>(null);
  const [created, setCreated] = useState<(CreatedApiKey & { secret: string }) | null>(null);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    api.get<ApiKeyList>('/developer/keys').then(
      (list) => setKeys(list.items),
      (error: unknown) => {
        notifyApiError(error);
        setKeys([]);
      },
    );
  }, []);

  const revoke = (apiKey: ApiKeyRecord) =>
    ask({
      title: `Revoke “${apiKey.name}”?`,
      body: 'Requests with this key stop working at once. This cannot be undone; you can create another key.',
      confirmLabel: 'Revoke',
      run: async () => {
        try {
          await api.delete(`/developer/keys/${apiKey.id}`);
          const at = new Date().toISOString();
          setKeys((list) => list?.map((k) => (k.id === apiKey.id ? { ...k, revokedAt: at } : k)) ?? null);
          toast.success(`Revoked ${apiKey.name}.`);
        } catch (error) {
          notifyApiError(error);
        }
      },
    });

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="api-keys-title">
      <div>
        <h2 id="api-keys-title" className="text-lg font-semibold text-fg">
          API keys
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          A key works like your sign-in for the API, limited to its scopes; send it as{' '}
          <code className="font-mono">Authorization: Bearer nxn_sk_…</code>. Keys cannot buy credits, manage keys or
          webhooks, or open the operator console.
        </p>
      </div>
      <CreateKeyForm
        onCreated={(key) => {
          const { secret, ...record } = key;
          setKeys((list) => [record, ...(list ?? [])]);
          if (secret) setCreated({ ...key, secret });
        }}
      />
      {keys === null ? (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <Spinner /> Loading keys…
        </p>
      ) : keys.length === 0 ? (
        <p className="text-sm text-fg-muted">No keys yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Your API keys">
          {keys.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={() => revoke(k)} />
          ))}
        </ul>
      )}
      {created ? <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} /> : null}
      {dialog}
    </section>
  );
}
