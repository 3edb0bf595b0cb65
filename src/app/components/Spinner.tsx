export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      className={`${className} inline-block animate-spin rounded-full border-2 border-white/25 border-t-white`}
      aria-hidden="true"
    />
  );
}
