import { ScreenHeader, UnavailableNotice } from '../components/Screen';

export default function MyRentals() {
  return (
    <div>
      <ScreenHeader icon="gpu" title="My rentals" description="The GPUs you have rented, with their status and the time left on each." />
      <UnavailableNotice title="GPU rental isn't available yet.">There are no rentals to list because GPU rental hasn't opened yet.</UnavailableNotice>
    </div>
  );
}
