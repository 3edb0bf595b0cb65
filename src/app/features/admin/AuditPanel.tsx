import { useState } from 'react';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { CreditAudit } from '~/contract/admin';
import { api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';

/**
 * The credit audit (credits/audit.ts): every account's balance against its ledger, and its reserved credits against
 * the jobs, GPU rentals and requests holding them. Accounts that fail are listed with each problem in words.
 */
export function AuditPanel({ onPick }: { onPick: (uid: string) => void }) {
  const [audit, setAudit] = useState<CreditAudit | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      setAudit(await api.get<CreditAudit>('/admin/audit'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="admin-audit-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-audit-title" className="text-xl font-semibold text-fg">
          Credit audit
        </h2>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run()}>
          {busy ? <Spinner /> : <Icon name="shield" className="size-4" />}
          Run the audit
        </button>
      </div>
      <p className="text-sm text-fg-muted">
        Checks that every balance equals its ledger, and that reserved credits are held by running jobs, live GPU
        rentals or requests still in progress.
      </p>
      {audit ? (
        <div className="grid gap-3" role="status">
          <p className="text-sm text-fg">
            Checked {audit.accounts.toLocaleString('en-US')} accounts at {formatDate(audit.checkedAt)}. Held now: jobs{' '}
            {audit.holds.jobs.toLocaleString('en-US')}, GPU rentals {audit.holds.rentals.toLocaleString('en-US')},
            requests {audit.holds.requests.toLocaleString('en-US')} credits.
          </p>
          {audit.failures.length === 0 ? (
            <p className="font-semibold text-fg">Every account adds up.</p>
          ) : (
            <>
              <p className="font-semibold text-fg">
                {audit.failures.length} {audit.failures.length === 1 ? 'account does' : 'accounts do'} not add up.
              </p>
              <ul className="grid gap-3" aria-label="Accounts that do not add up">
                {audit.failures.map((failure) => (
                  <li key={failure.uid} className="grid gap-1 rounded-lg border border-white/10 p-3 text-sm">
                    <button
                      type="button"
                      className="break-all text-left font-semibold text-fg underline"
                      onClick={() => onPick(failure.uid)}
                    >
                      {failure.email ?? failure.uid}
                    </button>
                    <span className="text-fg-subtle">
                      Balance {failure.balance.toLocaleString('en-US')} · reserved{' '}
                      {failure.reserved.toLocaleString('en-US')}
                    </span>
                    <ul className="list-disc pl-5 text-fg">
                      {failure.problems.map((problem) => (
                        <li key={problem} className="break-words">
                          {problem}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
