/** Placeholder for the webhook endpoints part of the Developers screen, until it is built. */
export function WebhooksSection() {
  return (
    <section className="card card-pad grid gap-2" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="text-lg font-semibold text-fg">
        Webhooks
      </h2>
      <p className="text-sm text-fg-muted">Webhooks are coming: NXN will call your URL when a video or job is done.</p>
    </section>
  );
}
