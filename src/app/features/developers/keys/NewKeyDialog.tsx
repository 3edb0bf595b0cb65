/** The new key, shown once: copy it now, it will not be shown again (only its hash is kept). */
import { useRef } from 'react';
import { Dialog } from '~/app/components/Dialog';
import { copyText } from '~/app/components/files';
import { Icon } from '~/app/components/Icon';
import type { CreatedApiKey } from '~/contract/developers';

export function NewKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey & { secret: string }; onClose: () => void }) {
  const copy = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={`Your new API key “${apiKey.name}”`}
      onClose={onClose}
      initialFocus={copy}
      close="none"
      backdropCloses={false}
    >
      <p className="flex gap-2 rounded-xl border border-accent-400/40 bg-accent-400/10 p-3 text-sm text-accent-400">
        <Icon name="alert" className="size-5 shrink-0" />
        Copy it now and keep it somewhere safe: it will not be shown again. Anyone with this key can use your account
        within its scopes.
      </p>
      <code
        className="block break-all rounded-xl border border-white/10 bg-ink-900 p-3 font-mono text-sm text-fg"
        data-testid="new-api-key"
      >
        {apiKey.secret}
      </code>
      <p className="text-xs text-fg-subtle">
        Send it as <code className="font-mono">Authorization: Bearer {apiKey.prefix}…</code>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          ref={copy}
          type="button"
          className="btn btn-primary"
          onClick={() => void copyText(apiKey.secret, 'API key')}
        >
          Copy
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
