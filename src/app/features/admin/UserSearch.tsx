import { type FormEvent, useState } from 'react';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { AdminUserList, AdminUserSummary } from '~/contract/admin';
import { api } from '~/lib/api/client';
import { requestProblem } from './request-problem';

export function UserSearch({ onPick }: { onPick: (uid: string) => void }) {
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
