/**
 * The account's Storage dialog: how much of the quota is used, and the user's uploads with their sizes, each with
 * a Delete button. Media made by the studios counts too but is deleted from its own history.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '~/app/components/Dialog';
import { formatDate } from '~/app/components/format';
import { Spinner } from '~/app/components/Spinner';
import { formatBytes, type StorageUsage, type UploadList } from '~/contract/storage';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';

export function StorageMeter({ usage }: { usage: StorageUsage }) {
  const share = usage.quota > 0 ? Math.min(1, usage.used / usage.quota) : 1;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm text-fg-muted">
        {formatBytes(usage.used)} of {formatBytes(usage.quota)} used
      </p>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-white/10"
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={usage.quota}
        aria-valuenow={Math.min(usage.used, usage.quota)}
        aria-valuetext={`${formatBytes(usage.used)} of ${formatBytes(usage.quota)}`}
      >
        <div
          className={`h-full rounded-full ${share > 0.9 ? 'bg-red-400' : 'bg-brand-500'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

export function StorageDialog({ onClose }: { onClose: () => void }) {
  const [list, setList] = useState<UploadList | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await api.get<UploadList>('/uploads'));
    } catch (error) {
      notifyApiError(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (id: string, name: string) => {
    setDeleting(id);
    try {
      await api.delete(`/uploads/${id}`);
      toast.success(`Deleted ${name}.`);
      await Promise.all([load(), refreshAccount()]);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Dialog title="Storage" onClose={onClose} className="card-pad max-h-[80vh] gap-4">
      {list ? <StorageMeter usage={list.storage} /> : null}
      <p className="text-xs text-fg-subtle">
        Videos, voice-overs and images you made count too; delete them from their history.
      </p>
      {!list ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner /> Loading your uploads…
        </p>
      ) : list.files.length === 0 ? (
        <p className="text-sm text-fg-muted">You have no uploads.</p>
      ) : (
        <ul className="grid gap-1 overflow-y-auto" aria-label="Your uploads">
          {list.files.map((file) => {
            const name = file.name ?? 'Untitled upload';
            return (
              <li key={file.id} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-white/5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-fg">{name}</p>
                  <p className="text-xs text-fg-subtle">
                    {formatBytes(file.size)} · {formatDate(file.createdAt)}
                    {file.inUse ? ' · used by a video being made' : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => void remove(file.id, name)}
                  disabled={file.inUse || deleting !== null}
                  aria-label={`Delete ${name}`}
                >
                  {deleting === file.id ? <Spinner /> : null}
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
