/**
 * `/admin`, the operator console: find a user, see their balance, recent jobs and ledger, and grant or deduct
 * credits with a reason. Anyone who is not an admin sees the app's "Page not found", as the API answers them 404.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { LedgerList } from '~/app/components/LedgerList';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { LoadingScreen, NotFoundScreen } from '~/app/components/StatusScreen';
import type {
  AdminCreditResult,
  AdminUserDetail,
  AdminUserList,
  AdminUserSummary,
  CreditAction,
  CreditAudit,
} from '~/contract/admin';
import type { FieldErrors } from '~/contract/errors';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { $account } from '~/stores/account';

/** Field errors for a 400, the server's message for anything else the API decided. */
function requestProblem(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0)
    return { fields: { ...error.fields }, message: null };
  if (error instanceof ApiError && error.status < 500) return { fields: {}, message: error.message };
  notifyApiError(error);
  return { fields: {}, message: null };
}

function UserSearch({ onPick }: { onPick: (uid: string) => void }) {
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<AdminUserSummary[] | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { users } = await api.get<AdminUserList>(`/admin/users?q=${encodeURIComponent(q.trim())}`);
      setResults(users);
      if (users.length === 1 && users[0]) onPick(users[0].uid);
    } catch (failure) {
      const problem = requestProblem(failure);
      setError(problem.fields.q ?? problem.message ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="admin-search-title">
      <h2 id="admin-search-title" className="text-xl font-semibold text-fg">
        Find a user
      </h2>
      <form className="flex flex-wrap items-start gap-3" onSubmit={(event) => void search(event)}>
        <div className="min-w-0 flex-1 basis-64">
          <Field label="E-mail or uid" error={error} hint="Part of an e-mail address, or an exact uid.">
            {(props) => (
              <input
                {...props}
                className="input"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                autoComplete="off"
              />
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn-primary mt-6" disabled={busy}>
          {busy ? <Spinner /> : <Icon name="search" className="size-4" />}
          Search
        </button>
      </form>
      {results === null ? null : results.length === 0 ? (
        <p className="text-sm text-fg-muted" role="status">
          No user matches.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Matching users">
          {results.map((user) => (
            <li key={user.uid}>
              <button
                type="button"
                className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-2 text-left text-sm text-fg hover:bg-white/5"
                onClick={() => onPick(user.uid)}
              >
                <Icon name="user" className="size-4 shrink-0" />
                <span className="min-w-0 break-all">
                  {user.email ?? 'No e-mail'} <span className="text-fg-subtle">· {user.uid}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreditForm({ uid, onChanged }: { uid: string; onChanged: (result: AdminCreditResult) => void }) {
  const [action, setAction] = useState<CreditAction>('grant');
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  // One key per intended change: a double click or a retry of the same change is applied once by the server.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const legendId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const body = { action, credits: Number(credits), reason, idempotencyKey: key };
      const result = await api.post<AdminCreditResult>(`/admin/users/${encodeURIComponent(uid)}/credits`, body);
      toast.success(
        result.applied
          ? `${action === 'grant' ? 'Granted' : 'Deducted'} ${body.credits} credits. Balance: ${result.credits.balance}.`
          : 'Already done; nothing changed.',
      );
      setCredits('');
      setReason('');
      setKey(crypto.randomUUID());
      onChanged(result);
    } catch (error) {
      const problem = requestProblem(error);
      setFields(problem.fields);
      setMessage(problem.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card card-pad grid gap-4"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={legendId}
      noValidate
    >
      <h2 id={legendId} className="text-xl font-semibold text-fg">
        Grant or deduct credits
      </h2>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="label mb-2">Change</legend>
        {(['grant', 'deduct'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-fg">
            <input
              type="radio"
              name="credit-action"
              value={value}
              checked={action === value}
              onChange={() => setAction(value)}
            />
            {value === 'grant' ? 'Grant' : 'Deduct'}
          </label>
        ))}
      </fieldset>
      <Field label="Credits" error={fields.credits}>
        {(props) => (
          <input
            {...props}
            className="input max-w-40"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={credits}
            onChange={(event) => setCredits(event.target.value)}
          />
        )}
      </Field>
      <Field label="Reason" error={fields.reason} hint="The user sees this in their ledger.">
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <button
        type="submit"
        className={`btn ${action === 'grant' ? 'btn-primary' : 'btn-danger'} justify-self-start`}
        disabled={busy}
      >
        {busy ? <Spinner /> : null}
        {action === 'grant' ? 'Grant credits' : 'Deduct credits'}
      </button>
    </form>
  );
}

function UserPanel({ uid }: { uid: string }) {
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

/**
 * The credit audit (credits/audit.ts): every account's balance against its ledger, and its reserved credits against
 * the jobs, GPU rentals and requests holding them. Accounts that fail are listed with each problem in words.
 */
function AuditPanel({ onPick }: { onPick: (uid: string) => void }) {
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

function Console() {
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid');
  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="shield"
        title="Operator console"
        description="Find a customer, check their credits and work, and grant or deduct credits with a reason; audit every account."
      />
      <UserSearch onPick={(picked) => setParams({ uid: picked })} />
      <AuditPanel onPick={(picked) => setParams({ uid: picked })} />
      {uid ? <UserPanel key={uid} uid={uid} /> : null}
    </div>
  );
}

export default function Admin() {
  const account = useStore($account);
  if (!account) return <LoadingScreen />;
  return account.admin ? <Console /> : <NotFoundScreen />;
}
