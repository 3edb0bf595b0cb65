import { useState } from 'react';
import { Field } from '~/app/components/Field';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import { type SshKey, SshKeyBody } from '~/contract/gpu';
import { ApiError, api } from '~/lib/api/client';

function KeyForm({ onAdded }: { onAdded: (key: SshKey) => void }) {
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = SshKeyBody.safeParse({ name, publicKey });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    try {
      onAdded(await api.post<SshKey>('/gpu/ssh-keys', parsed.data));
      setName('');
      setPublicKey('');
      setErrors({});
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.status === 409 ? { publicKey: error.message } : handleStudioError(error),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-medium text-fg">Add an SSH public key</legend>
      <Field label="Key name" error={errors.name}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder="Laptop"
          />
        )}
      </Field>
      <Field
        label="Public key"
        error={errors.publicKey}
        hint="The one line in ~/.ssh/id_ed25519.pub (ssh-ed25519, ssh-rsa or ecdsa)."
      >
        {(props) => (
          <textarea
            {...props}
            className="input min-h-20 font-mono text-xs"
            value={publicKey}
            onChange={(e) => setPublicKey(e.target.value)}
            placeholder="ssh-ed25519 AAAA… you@laptop"
          />
        )}
      </Field>
      <button
        type="button"
        className="btn btn-secondary btn-sm justify-self-start"
        onClick={() => void save()}
        disabled={busy}
      >
        {busy ? <Spinner /> : null} Save key
      </button>
    </fieldset>
  );
}

/** The keys already saved, each with its Remove button (removing one takes it out of the launch form too). */
function SavedSshKeys({ keys, onKeys }: { keys: SshKey[]; onKeys: (keys: SshKey[]) => void }) {
  const removeKey = async (key: SshKey) => {
    try {
      await api.delete(`/gpu/ssh-keys/${key.id}`);
      onKeys(keys.filter((k) => k.id !== key.id));
    } catch (error) {
      handleStudioError(error);
    }
  };
  return (
    <ul className="grid min-w-0 gap-1 text-sm" aria-label="Saved SSH keys">
      {keys.map((key) => (
        <li key={key.id} className="flex min-w-0 items-center justify-between gap-2">
          <span className="min-w-0 truncate text-fg-muted">
            {key.name} · {key.fingerprint}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Remove key ${key.name}`}
            onClick={() => void removeKey(key)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The launch form's SSH key: the one to log in with, the keys saved, and a form to add one. */
export function SshKeyFields({
  keys,
  sshKeyId,
  error,
  onSshKeyId,
  onKeys,
}: {
  keys: SshKey[];
  sshKeyId: string;
  error: string | undefined;
  onSshKeyId: (id: string) => void;
  onKeys: (keys: SshKey[]) => void;
}) {
  return (
    <>
      <Field
        label="SSH key"
        error={error}
        hint={keys.length === 0 ? 'Add a key below first: it is how you log in.' : undefined}
      >
        {(props) => (
          <select {...props} className="input" value={sshKeyId} onChange={(e) => onSshKeyId(e.target.value)}>
            {keys.length === 0 ? <option value="">No key saved yet</option> : null}
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name} ({key.fingerprint.slice(0, 20)}…)
              </option>
            ))}
          </select>
        )}
      </Field>
      {keys.length > 0 ? <SavedSshKeys keys={keys} onKeys={onKeys} /> : null}
      <KeyForm onAdded={(key) => onKeys([...keys, key])} />
    </>
  );
}
