import { brand } from '~/config/brand';

/**
 * The product wordmark, the same two parts as the public site's (src/components/Logo.astro): the mark, which is
 * public/favicon.svg, and the product name. A plain link because the home page lives outside the app's router.
 */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <a href="/" className={`inline-flex items-center gap-2 rounded-lg font-extrabold tracking-tight ${className}`}>
      <span className="inline-flex items-center gap-2 text-fg" data-logo>
        <img src="/favicon.svg" width={28} height={28} alt="" className="size-7" />
        <span className="text-lg">{brand.productName}</span>
      </span>
    </a>
  );
}
