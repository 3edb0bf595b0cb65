import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '~/app/components/format';
import { LedgerList } from '~/app/components/LedgerList';
import { Spinner } from '~/app/components/Spinner';
import type { AdminUserDetail } from '~/contract/admin';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { CreditForm } from './CreditForm';

export function UserPanel({ uid }: { uid: string }) {
  const [detail, setDetail] = useState<AdminUserDetail | 'missing' | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      setDetail(await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(uid)}`));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setDetail('missing');
      else notifyApiError(error);
    }
  }, [uid]);

  useEffect(() => {
    setDetail(null);
    void load();
  }, [load]);

  if (detail === null) {
    return (
      <p className="flex items-center gap-2 text-fg-muted" role="status">
        <Spinner /> Loading the user…
      </p>
    );
  }
  if (detail === 'missing') return <p className="text-fg-muted">No user with the uid {uid}.</p>;
  const { profile, credits, jobs } = detail;
  return (
    <div className="grid gap-6">
      <section className="card card-pad grid gap-3" aria-labelledby="admin-user-title">
        <h2 id="admin-user-title" className="break-all text-xl font-semibold text-fg">
          {profile.email ?? profile.uid}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-fg-subtle">Uid</dt>
          <dd className="break-all text-fg">{profile.uid}</dd>
          <dt className="text-fg-subtle">Name</dt>
          <dd className="text-fg">{profile.displayName ?? '—'}</dd>
          <dt className="text-fg-subtle">Joined</dt>
          <dd className="text-fg">{formatDate(profile.createdAt)}</dd>
          <dt className="text-fg-subtle">Balance</dt>
          <dd className="font-semibold text-fg" data-testid="admin-balance">
            {credits.balance.toLocaleString('en-US')} credits
          </dd>
          <dt className="text-fg-subtle">Held by running work</dt>
          <dd className="text-fg">{credits.reserved.toLocaleString('en-US')} credits</dd>
        </dl>
      </section>
      <CreditForm
        uid={uid}
        onChanged={(result) => {
          setDetail({ ...detail, credits: result.credits });
          setVersion((v) => v + 1);
        }}
      />
      <section className="card card-pad grid gap-3" aria-labelledby="admin-jobs-title">
        <h2 id="admin-jobs-title" className="text-xl font-semibold text-fg">
          Recent jobs
        </h2>
        {jobs.length === 0 ? (
          <p className="text-sm text-fg-muted">No jobs yet.</p>
        ) : (
          <ul className="divide-y divide-white/10 text-sm">
            {jobs.map((job) => (
              <li key={job.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="text-fg">
                  {job.kind} · {job.status}
                  {job.error ? <span className="text-fg-subtle"> · {job.error}</span> : null}
                </span>
                <span className="text-fg-subtle">
                  {job.cost} credits · {formatDate(job.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <LedgerList key={version} path={`/admin/users/${encodeURIComponent(uid)}/ledger`} />
    </div>
  );
}
