/** Name a key and choose its scopes; each scope says what it lets the key do. */
import { type SubmitEvent, useRef, useState } from 'react';
import { Field } from '~/app/components/Field';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  createApiKeySchema,
} from '~/contract/developers';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import { api } from '~/lib/api/client';

export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // One key per key made: a retry of the same submit (the fallback host) makes it once.
  const attempt = useRef(crypto.randomUUID());

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => API_KEY_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    try {
      const created = await api.post<CreatedApiKey>('/developer/keys', parsed.data, {
        headers: { 'Idempotency-Key': attempt.current },
      });
      attempt.current = crypto.randomUUID();
      setName('');
      setScopes(['read']);
      setErrors({});
      onCreated(created);
    } catch (error) {
      setErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="grid gap-4 rounded-xl border border-white/10 p-4" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="font-semibold text-fg">Create a key</h3>
      <Field label="Key name" error={errors.name} hint="So you know later where it is used, e.g. “CMS export”.">
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder="CMS export"
          />
        )}
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'key-scopes-error' : undefined}>
        <legend className="label mb-1">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-brand-500"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>
              <span className="block font-medium text-fg">{API_KEY_SCOPE_LABELS[scope].label}</span>
              <span className="block text-xs text-fg-subtle">{API_KEY_SCOPE_LABELS[scope].description}</span>
            </span>
          </label>
        ))}
        {errors.scopes ? (
          <p id="key-scopes-error" className="field-error" role="alert">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
        {busy ? <Spinner /> : null} Create key
      </button>
    </form>
  );
}
