import { LedgerList } from '../components/LedgerList';
import { ScreenHeader } from '../components/Screen';

/** `/billing`: what the user bought and every credit movement of their account. */
export default function Billing() {
  return (
    <div className="grid gap-8">
      <ScreenHeader icon="credits" title="Billing" description="Your purchases and every change to your credits, newest first." />
      {/* Purchases: the payments feature's purchases list goes here, above the ledger. */}
      <LedgerList path="/credits/ledger" />
    </div>
  );
}
