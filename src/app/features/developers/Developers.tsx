import { ScreenHeader } from '../../components/Screen';
import { WebhooksSection } from './webhooks/WebhooksSection';

/** `/account/developers`: webhooks (and the API keys' section beside it). */
export default function Developers() {
  return (
    <div className="grid gap-8">
      <ScreenHeader icon="lock" title="Developers" description="Webhooks for your own systems." />
      <WebhooksSection />
    </div>
  );
}
