// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreDraft, saveDraft } from '~/lib/form-draft';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

/** A controlled form, like the studios' screens: React state is what a submit would send. */
function Form({ onState }: { onState?: (state: unknown) => void }) {
  const [text, setText] = useState('');
  const [voice, setVoice] = useState('a');
  const [captions, setCaptions] = useState(false);
  const [tone, setTone] = useState('calm');
  onState?.({ text, voice, captions, tone });
  return (
    <form>
      <textarea aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} />
      <select aria-label="Tone" value={tone} onChange={(e) => setTone(e.target.value)}>
        <option value="calm">Calm</option>
        <option value="bold">Bold</option>
      </select>
      <input type="checkbox" aria-label="Captions" checked={captions} onChange={(e) => setCaptions(e.target.checked)} />
      {['a', 'b', 'c'].map((id) => (
        <input
          key={id}
          type="radio"
          name="voice"
          value={id}
          aria-label={`Voice ${id}`}
          checked={voice === id}
          onChange={() => setVoice(id)}
        />
      ))}
      <input type="password" aria-label="Secret" defaultValue="" />
    </form>
  );
}

describe('form drafts across a checkout', () => {
  it('put typed text, choices and boxes back into a controlled form and its React state', async () => {
    const typed = render(<Form />).container;
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'My draft' } });
    fireEvent.change(screen.getByLabelText('Tone'), { target: { value: 'bold' } });
    fireEvent.click(screen.getByLabelText('Captions'));
    fireEvent.click(screen.getByLabelText('Voice c'));
    fireEvent.change(screen.getByLabelText('Secret'), { target: { value: 'hunter2' } });
    saveDraft(typed, '/voice');
    expect(sessionStorage.getItem('nxn:draft:/voice')).not.toContain('hunter2');
    cleanup();

    let state: unknown;
    const second = render(<Form onState={(s) => (state = s)} />);
    let restored = false;
    await act(async () => {
      restored = await restoreDraft(second.container, '/voice');
    });
    expect(restored).toBe(true);
    expect(state).toEqual({ text: 'My draft', voice: 'c', captions: true, tone: 'bold' });
    // Used once: a later visit starts empty.
    expect(await restoreDraft(second.container, '/voice')).toBe(false);
  });

  it('keep drafts per route', async () => {
    const { container } = render(<Form />);
    saveDraft(container, '/voice');
    expect(await restoreDraft(container, '/images')).toBe(false);
  });
});
