import { brand } from '~/config/brand';

/** The product wordmark; a plain link because the home page lives outside the app's router. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <a href="/" className={`inline-flex items-center gap-2 rounded-lg font-extrabold tracking-tight ${className}`}>
      <span
        className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-brand-500 to-cyan-400 text-sm text-white shadow-[var(--shadow-glow)]"
        aria-hidden="true"
      >
        {brand.productName.slice(0, 1)}
      </span>
      <span className="text-lg text-fg">{brand.productName}</span>
    </a>
  );
}
