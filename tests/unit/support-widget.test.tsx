// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SupportWidget from '~/islands/support-widget/SupportWidget';

const props = { productName: 'NXN', email: 'help@example.com', whatsAppDigits: '14155550123' };

afterEach(cleanup);

describe('SupportWidget', () => {
  it('opens, moves focus into the panel, and returns focus to the button on Escape', () => {
    render(<SupportWidget {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open support' }));
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'How can we help?' }));

    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open support' }));
  });

  it('mounted already open (first use of the static launcher), it shows the options panel', () => {
    render(<SupportWidget {...props} initialView="options" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'How can we help?' }));
  });

  it('shows the human-support options with their links', () => {
    render(<SupportWidget {...props} initialView="options" />);
    fireEvent.click(screen.getByRole('button', { name: /Human Support/ }));
    expect(screen.getByText('24/7 Support Available')).toBeTruthy();
    expect(screen.getByText('We typically respond within 2 hours')).toBeTruthy();
    const whatsApp = screen.getByRole('link', { name: /Instant response/ });
    expect(whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/14155550123\?text=/);
    expect(whatsApp.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Email Support/ }).getAttribute('href')).toBe(
      'mailto:help@example.com?subject=Support%20Request%20-%20NXN',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Back to support options' }));
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close support' }));
    expect(screen.getByRole('button', { name: 'Open support' })).toBeTruthy();
  });
});
