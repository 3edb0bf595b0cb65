import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type BatchPage, batchPageSchema } from '~/contract/batches';
import { api } from '~/lib/api/client';

/** The user's latest batches, to go back to one's page. */
export function RecentBatches() {
  const [page, setPage] = useState<BatchPage | null>(null);
  useEffect(() => {
    api
      .get<BatchPage>('/batches?limit=5', { parse: (data) => batchPageSchema.parse(data) })
      .then(setPage, () => undefined);
  }, []);
  if (!page || page.items.length === 0) return null;
  return (
    <nav aria-label="Your latest batches" className="grid gap-1 text-sm">
      <h3 className="font-semibold text-fg">Your latest batches</h3>
      <ul className="grid gap-1">
        {page.items.map((batch) => (
          <li key={batch.id}>
            <Link className="link" to={`/nxn-agent/batch/${batch.id}`}>
              {batch.name}
            </Link>{' '}
            <span className="text-fg-muted">
              · {batch.counts.succeeded} of {batch.counts.total} ready
              {batch.status === 'running' ? ' · running' : ''}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
