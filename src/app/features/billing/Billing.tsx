import { LedgerList } from '~/app/components/LedgerList';
import { ScreenHeader } from '~/app/components/Screen';
import { PurchaseList } from './PurchaseList';

/** `/billing`: what the user bought and every credit movement of their account. */
export default function Billing() {
  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="credits"
        title="Billing"
        description="Your purchases and every change to your credits, newest first."
      />
      <section className="card card-pad grid gap-4" aria-labelledby="billing-purchases">
        <h2 id="billing-purchases" className="text-xl font-semibold text-fg">
          Purchases
        </h2>
        <PurchaseList />
      </section>
      <LedgerList path="/credits/ledger" lines />
    </div>
  );
}
