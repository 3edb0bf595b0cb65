import type { BatchPlan } from '~/contract/batches';
import { formatDuration } from '~/contract/video';
import { TableHead } from './TableHead';

export function PreviewTable({ plan }: { plan: BatchPlan }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-white/10">
      <table className="w-full text-left text-sm" aria-label="Batch preview">
        <TableHead columns={['Row', 'Title', 'Length', 'Credits', 'Problems']} />
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.row} className="border-t border-white/10" data-testid="preview-row">
              <td className="px-3 py-2 tabular-nums">{row.row}</td>
              <td className="max-w-72 truncate px-3 py-2">{row.title}</td>
              <td className="px-3 py-2 tabular-nums">{row.request ? formatDuration(row.seconds) : '—'}</td>
              <td className="px-3 py-2 tabular-nums">{row.request ? row.credits : '—'}</td>
              <td className="px-3 py-2 text-danger">
                {row.problems.map((problem) => (
                  <p key={`${problem.column}:${problem.message}`}>
                    {problem.column ? <strong>{problem.column}: </strong> : null}
                    {problem.message}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
