/**
 * `/admin`, the operator console: find a user, see their balance, recent jobs and ledger, and grant or deduct
 * credits with a reason. Anyone who is not an admin sees the app's "Page not found", as the API answers them 404.
 */
import { useStore } from '@nanostores/react';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '~/app/components/Screen';
import { LoadingScreen, NotFoundScreen } from '~/app/components/StatusScreen';
import { $account } from '~/stores/account';
import { AuditPanel } from './AuditPanel';
import { UserPanel } from './UserPanel';
import { UserSearch } from './UserSearch';

function Console() {
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid');
  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="shield"
        title="Operator console"
        description="Find a customer, check their credits and work, and grant or deduct credits with a reason; audit every account."
      />
      <UserSearch onPick={(picked) => setParams({ uid: picked })} />
      <AuditPanel onPick={(picked) => setParams({ uid: picked })} />
      {uid ? <UserPanel key={uid} uid={uid} /> : null}
    </div>
  );
}

export default function Admin() {
  const account = useStore($account);
  if (!account) return <LoadingScreen />;
  return account.admin ? <Console /> : <NotFoundScreen />;
}
