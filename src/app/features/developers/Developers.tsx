/**
 * The Developers screen (account menu): API keys for scripts and agents, and webhook endpoints. Each section is its
 * own part; the screen only lays them out.
 */
import { ScreenHeader } from '~/app/components/Screen';
import { ApiKeysSection } from './keys/ApiKeysSection';
import { WebhooksSection } from './webhooks/WebhooksSection';

export default function Developers() {
  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="lock"
        title="Developers"
        description="Use NXN from your own code and AI agents: API keys authenticate your requests, webhooks tell you when work is done."
      />
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
