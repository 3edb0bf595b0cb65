/**
 * The video page's sharing card: make a public link for a finished video, copy it or its embed code, turn the
 * download button off, set or clear an expiry, see its views, and revoke it.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '~/app/components/ConfirmDialog';
import { copyText } from '~/app/components/files';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import { Switch } from '~/app/components/Switch';
import {
  SHARE_EXPIRY_CHOICES,
  type ShareLink,
  type ShareSettingsInput,
  type ShareState,
  shareStateSchema,
} from '~/contract/sharing';
import { api } from '~/lib/api/client';

const path = (videoId: string) => `/videos/${encodeURIComponent(videoId)}/share`;
const parse = (data: unknown) => shareStateSchema.parse(data);

/** "never", a number of days from now, or "keep" (the link's current expiry, shown as its date). */
type ExpiryChoice = 'never' | 'keep' | `${(typeof SHARE_EXPIRY_CHOICES)[number]}`;

const expiresAt = (choice: ExpiryChoice, link: ShareLink | null): string | null => {
  if (choice === 'never') return null;
  if (choice === 'keep') return link?.expiresAt ?? null;
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
};

function ExpirySelect({
  value,
  link,
  disabled,
  onChange,
}: {
  value: ExpiryChoice;
  link: ShareLink | null;
  disabled: boolean;
  onChange: (choice: ExpiryChoice) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        Link expires
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as ExpiryChoice)}
      >
        {link?.expiresAt ? <option value="keep">On {formatDate(link.expiresAt)}</option> : null}
        <option value="never">Never (until you revoke it)</option>
        {SHARE_EXPIRY_CHOICES.map((days) => (
          <option key={days} value={String(days)}>
            In {days === 1 ? '1 day' : `${days} days`}
          </option>
        ))}
      </select>
    </div>
  );
}

function LiveLink({ link }: { link: ShareLink }) {
  const embedId = useId();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <input
          className="input min-w-0 flex-1 font-mono text-sm"
          readOnly
          value={link.url}
          aria-label="Public link"
          data-testid="share-url"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copyText(link.url, 'Link')}>
          Copy link
        </button>
        <a className="btn btn-ghost btn-sm" href={link.url} target="_blank" rel="noopener noreferrer">
          Open page
        </a>
      </div>
      <p className="text-sm text-fg-muted" data-testid="share-views">
        {link.views === 1 ? '1 view' : `${link.views.toLocaleString('en-US')} views`} ·{' '}
        {link.expiresAt ? `expires ${formatDate(link.expiresAt)}` : 'never expires'}
      </p>
      <div className="field">
        <label htmlFor={embedId} className="label">
          Embed code
        </label>
        <textarea
          id={embedId}
          className="input min-h-20 font-mono text-xs"
          readOnly
          value={link.embedHtml}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-secondary btn-sm mt-2 justify-self-start"
          onClick={() => void copyText(link.embedHtml, 'Embed code')}
        >
          Copy embed code
        </button>
      </div>
    </div>
  );
}

/** What sharing does, said for a video with a link and for one without. */
function ShareIntro({ linked }: { linked: boolean }) {
  return (
    <div>
      <h2 id="share-title" className="text-lg font-semibold text-fg">
        Share
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        {linked
          ? 'Anyone with this link can watch the video, without signing in. Nothing else of your account shows.'
          : 'Make a public page for this video that anyone with the link can watch, and embed it on your site. Nothing else of your account shows.'}
      </p>
    </div>
  );
}

/** Revoke the link there is, or create one with the settings chosen. */
function ShareActions({
  linked,
  busy,
  onRevoke,
  onCreate,
}: {
  linked: boolean;
  busy: 'share' | 'revoke' | null;
  onRevoke: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {linked ? (
        <button type="button" className="btn btn-ghost btn-sm text-danger" onClick={onRevoke} disabled={busy !== null}>
          <Icon name="close" className="size-4" />
          Revoke link
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" disabled={busy !== null} onClick={onCreate}>
          {busy === 'share' ? <Spinner /> : <Icon name="arrowRight" className="size-4" />}
          Create public link
        </button>
      )}
    </div>
  );
}

export function SharePanel({ videoId }: { videoId: string }) {
  const [state, setState] = useState<ShareState | null>(null);
  const [allowDownload, setAllowDownload] = useState(true);
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [busy, setBusy] = useState<'share' | 'revoke' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const show = useCallback((next: ShareState) => {
    setState(next);
    if (!next.link) return;
    setAllowDownload(next.link.allowDownload);
    setExpiry(next.link.expiresAt ? 'keep' : 'never');
  }, []);
  useEffect(() => {
    api.get<ShareState>(path(videoId), { parse }).then(show, () => setState({ link: null }));
  }, [videoId, show]);

  const link = state?.link ?? null;
  async function save(settings: ShareSettingsInput, done: string) {
    setBusy('share');
    try {
      show(await api.put<ShareState>(path(videoId), settings, { parse }));
      toast.success(done);
    } catch (error) {
      handleStudioError(error);
    } finally {
      setBusy(null);
    }
  }
  async function revoke() {
    setBusy('revoke');
    try {
      await api.delete(path(videoId));
      setState({ link: null });
      setExpiry('never');
      toast.success('Link revoked. The page no longer opens.');
    } catch (error) {
      handleStudioError(error);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }
  const change = (next: { allowDownload?: boolean; expiry?: ExpiryChoice }) => {
    const download = next.allowDownload ?? allowDownload;
    const choice = next.expiry ?? expiry;
    setAllowDownload(download);
    setExpiry(choice);
    if (link) void save({ allowDownload: download, expiresAt: expiresAt(choice, link) }, 'Sharing settings saved.');
  };

  return (
    <section className="card card-pad grid gap-5" aria-labelledby="share-title" data-testid="share-panel">
      <ShareIntro linked={link !== null} />
      {state === null ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
          <Spinner /> Loading…
        </p>
      ) : (
        <>
          {link ? <LiveLink link={link} /> : null}
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <Switch
              label="Allow downloads"
              description="Show a download button on the page."
              checked={allowDownload}
              disabled={busy !== null}
              onChange={(checked) => change({ allowDownload: checked })}
            />
            <ExpirySelect
              value={expiry}
              link={link}
              disabled={busy !== null}
              onChange={(choice) => change({ expiry: choice })}
            />
          </div>
          <ShareActions
            linked={link !== null}
            busy={busy}
            onRevoke={() => setConfirming(true)}
            onCreate={() => void save({ allowDownload, expiresAt: expiresAt(expiry, null) }, 'Public link created.')}
          />
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title="Revoke this link?"
          confirmLabel="Revoke"
          busy={busy === 'revoke'}
          onConfirm={() => void revoke()}
          onCancel={() => setConfirming(false)}
        >
          The page, its embeds and its video stop working for everyone who has the link. Sharing again makes a new link.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
