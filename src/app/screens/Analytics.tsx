import { ScreenHeader, UnavailableNotice } from '../components/Screen';

export default function Analytics() {
  return (
    <div>
      <ScreenHeader icon="chart" title="Analytics" description="Your usage over time: videos made, minutes of audio and credits spent." />
      <UnavailableNotice title="Analytics isn't available yet.">Charts of your usage will appear on this page.</UnavailableNotice>
    </div>
  );
}
