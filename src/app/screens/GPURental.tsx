import { ScreenHeader, UnavailableNotice } from '../components/Screen';

export default function GPURental() {
  return (
    <div>
      <ScreenHeader icon="gpu" title="Rent a GPU" description="Reserve cloud GPUs by the hour for training, rendering and inference." />
      <UnavailableNotice title="This studio isn't available yet.">GPU rental will open on this page.</UnavailableNotice>
    </div>
  );
}
