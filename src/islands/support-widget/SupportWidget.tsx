import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { ICON_PATHS, type IconName } from '~/icons/paths';
import {
  LAUNCHER_ICON_SIZE,
  nextView,
  type SupportView,
  supportEmailHref,
  supportMessage,
  whatsAppHref,
} from './state';

export interface SupportWidgetProps {
  productName: string;
  email: string;
  whatsAppDigits: string;
  /** The view to start in; the static launcher mounts this component already open. */
  initialView?: SupportView;
}

const PANEL_TITLE_ID = 'support-panel-title';

function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

function Option(props: { icon: IconName; title: string; subtitle: string; href?: string; onClick?: () => void }) {
  const body = (
    <>
      <span className="support-option-icon">
        <Icon name={props.icon} size={20} />
      </span>
      <span className="grid text-left">
        <span className="font-semibold text-fg">{props.title}</span>
        <span className="text-xs text-fg-muted">{props.subtitle}</span>
      </span>
      <span className="ml-auto text-fg-subtle">
        <Icon name="chevronRight" size={18} />
      </span>
    </>
  );
  if (props.href) {
    const external = props.href.startsWith('http');
    return (
      <a
        className="support-option"
        href={props.href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {body}
      </a>
    );
  }
  return (
    <button type="button" className="support-option" onClick={props.onClick}>
      {body}
    </button>
  );
}

function Panel(props: {
  title: string;
  onClose: () => void;
  onBack?: () => void;
  children: ReactNode;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <div role="dialog" aria-modal="false" aria-labelledby={PANEL_TITLE_ID} className="support-panel card">
      <div className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
        {props.onBack && (
          <button
            type="button"
            className="btn btn-ghost btn-sm px-2!"
            onClick={props.onBack}
            aria-label="Back to support options"
          >
            <Icon name="chevronLeft" size={18} />
          </button>
        )}
        <h2
          id={PANEL_TITLE_ID}
          ref={props.headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-fg outline-none"
        >
          {props.title}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm ml-auto px-2!"
          onClick={props.onClose}
          aria-label="Close support"
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="grid gap-2 p-4">{props.children}</div>
      <p className="border-t border-white/10 px-4 py-2.5 text-center text-xs text-fg-muted">
        We typically respond within 2 hours
      </p>
    </div>
  );
}

/**
 * Floating help button with two panels (spec: support widget). The view logic lives in ./state; this component
 * only renders a view and moves focus so keyboard and screen-reader users land in the right place. Pages render
 * the closed launcher statically (src/components/SupportWidget.astro) and mount this on first use, see ./boot.
 */
export default function SupportWidget({
  productName,
  email,
  whatsAppDigits,
  initialView = 'closed',
}: SupportWidgetProps) {
  const [view, dispatch] = useReducer(nextView, initialView);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Starting open counts as having just opened, so focus moves into the panel on mount.
  const previousView = useRef<SupportView>('closed');

  useEffect(() => {
    const previous = previousView.current;
    previousView.current = view;
    if (view !== 'closed') headingRef.current?.focus();
    else if (previous !== 'closed') launcherRef.current?.focus();
  }, [view]);

  useEffect(() => {
    if (view === 'closed') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch('close');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);

  const close = () => dispatch('close');

  return (
    <div className="support-widget">
      {view === 'closed' && (
        <button
          ref={launcherRef}
          type="button"
          className="support-launcher"
          aria-label="Open support"
          aria-haspopup="dialog"
          onClick={() => dispatch('open')}
        >
          <Icon name="chat" size={LAUNCHER_ICON_SIZE} />
        </button>
      )}
      {view === 'options' && (
        <Panel title="How can we help?" onClose={close} headingRef={headingRef}>
          <Option
            icon="userRounded"
            title="Human Support"
            subtitle="Talk to our team"
            onClick={() => dispatch('choose-human')}
          />
        </Panel>
      )}
      {view === 'human' && (
        <Panel title="Human Support" onClose={close} onBack={() => dispatch('back')} headingRef={headingRef}>
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <span className="support-online-dot" aria-hidden="true" />
            24/7 Support Available
          </p>
          <Option
            icon="phone"
            title="WhatsApp"
            subtitle="Instant response"
            href={whatsAppHref(whatsAppDigits, supportMessage(productName))}
          />
          <Option
            icon="mailRounded"
            title="Email Support"
            subtitle={email}
            href={supportEmailHref(email, productName)}
          />
        </Panel>
      )}
    </div>
  );
}
