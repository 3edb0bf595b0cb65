/** A table's header row: one column heading per name, in order. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="bg-white/5 text-xs uppercase tracking-wide text-fg-muted">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-3 py-2">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
