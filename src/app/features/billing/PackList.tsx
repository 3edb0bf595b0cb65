/** The credit packs as cards: credits, bonus, price, and what they buy in plain terms. Used by the dialog and /pricing. */
import type { ReactNode } from 'react';
import { CREDIT_PACKS, formatPrice, packTotal, whatCreditsBuy } from '~/contract/payments';

const count = (n: number) => n.toLocaleString('en-US');

export function buysText(credits: number): string {
  const buys = whatCreditsBuy(credits);
  return `About ${count(buys.videoMinutes1080p)} minutes of 1080p video, ${count(buys.speechCharacters)} characters of speech, or ${count(buys.images)} images.`;
}

export function PackList({
  currency,
  highlighted,
  action,
}: {
  currency: string;
  /** A pack to mark as the one that covers what the user needs. */
  highlighted?: string | undefined;
  /** The pack's button (buy, or open the dialog). */
  action: (pack: (typeof CREDIT_PACKS)[number], price: string) => ReactNode;
}) {
  return (
    <ul className="grid gap-3" aria-label="Credit packs">
      {CREDIT_PACKS.map((pack) => {
        const price = formatPrice(pack.priceMinor, currency);
        const marked = pack.id === highlighted;
        return (
          <li
            key={pack.id}
            className={`grid gap-3 rounded-xl border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center ${marked ? 'border-brand-400/60 bg-brand-500/10' : 'border-white/10 bg-white/[0.03]'}`}
            data-testid="credit-pack"
          >
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                {pack.name}: {count(packTotal(pack))} credits
                {pack.bonus > 0 ? <span className="badge">+{count(pack.bonus)} bonus</span> : null}
                {marked ? <span className="text-xs font-medium text-cyan-300">Covers what you need</span> : null}
              </p>
              <p className="text-lg font-bold tabular-nums text-fg">{price}</p>
              <p className="text-xs text-fg-subtle">{buysText(packTotal(pack))}</p>
            </div>
            {action(pack, price)}
          </li>
        );
      })}
    </ul>
  );
}
