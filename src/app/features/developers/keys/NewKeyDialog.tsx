/** The new key, shown once: copy it now, it will not be shown again (only its hash is kept). */
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { CreatedApiKey } from '~/contract/developers';
import { useDialogFocus } from '../../../components/dialog-focus';
import { copyText } from '../../../components/files';
import { Icon } from '../../../components/Icon';

export function NewKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey & { secret: string }; onClose: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLButtonElement>(null);
  useDialogFocus(panel, copy, onClose);
  // On <body>, like the app's other dialogs: the top bar's blur would otherwise become its containing block.
  return createPortal(
    <>
      <div className="dialog-backdrop" aria-hidden="true" />
      <div
        ref={panel}
        className="dialog-panel card card-pad grid gap-4"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="text-lg font-semibold text-fg">
          Your new API key “{apiKey.name}”
        </h2>
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
      </div>
    </>,
    document.body,
  );
}
