/**
 * @jest-environment jsdom
 *
 * What a server-rendered page hands over to the app: the API responses it was
 * rendered with, and what the visitor typed before the app took over.
 */
import '@testing-library/jest-dom';
import { useRef, useState, type ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { embeddedResponsesElement, forgetPreloaded, PreloadedResponsesProvider, resetPreloadedResponses, scriptSafeJson, usePreloaded, useFormHandover } from '../src/handover';
import { BEFORE_START_GLOBAL, PRELOADED_RESPONSES_ELEMENT_ID } from '../src/page-document';

function List() {
  const names = usePreloaded<string[]>('/api/universities');
  return <p>{names ? names.join(', ') : 'nothing embedded'}</p>;
}

function embed(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRELOADED_RESPONSES_ELEMENT_ID;
  script.textContent = json;
  document.body.append(script);
}

afterEach(() => {
  document.body.innerHTML = '';
  resetPreloadedResponses();
  delete (window as unknown as Record<string, unknown>)[BEFORE_START_GLOBAL];
});

describe('usePreloaded', () => {
  it('reads the response the page embedded under its API path', () => {
    embed(JSON.stringify({ '/api/universities': ['UNZA', 'CBU'] }));
    render(<List />);
    expect(screen.getByText('UNZA, CBU')).toBeInTheDocument();
  });

  it('serves the first render only: once forgotten, a screen asks the API', () => {
    embed(JSON.stringify({ '/api/universities': ['UNZA'] }));
    forgetPreloaded('/api/universities');
    render(<List />);
    expect(screen.getByText('nothing embedded')).toBeInTheDocument();
  });

  it('treats a missing or damaged block as nothing embedded', () => {
    render(<List />);
    expect(screen.getByText('nothing embedded')).toBeInTheDocument();
    resetPreloadedResponses();
    embed('{not json');
    render(<List />);
    expect(screen.getAllByText('nothing embedded')).toHaveLength(2);
  });

  it('reads back what the server wrote into the page, with no text able to close its element', () => {
    const responses = { '/api/universities': ['</script><script>alert(1)</script>', 'UNZA'] };
    const element = embeddedResponsesElement(responses);
    expect(element).not.toMatch(/<\/script>.*<\/script>/s);
    document.body.innerHTML = element;
    render(<List />);
    expect(screen.getByText('</script><script>alert(1)</script>, UNZA')).toBeInTheDocument();
    expect(embeddedResponsesElement({})).toBe('');
  });

  it("takes the server render's responses from context", () => {
    render(
      <PreloadedResponsesProvider responses={{ '/api/universities': ['From the server'] }}>
        <List />
      </PreloadedResponsesProvider>,
    );
    expect(screen.getByText('From the server')).toBeInTheDocument();
  });
});

describe('useFormHandover', () => {
  function Form({ onApplied, onSend = () => undefined }: { onApplied: (fields: string[]) => void; onSend?: (email: string) => void }) {
    const form = useRef<HTMLFormElement>(null);
    const [email, setEmail] = useState('');
    const [consent, setConsent] = useState(false);
    useFormHandover(form, ({ name, value, checked }) => {
      if (name === 'email') setEmail(value);
      if (name === 'consent') setConsent(checked);
      onApplied([name]);
    });
    return (
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          onSend(email);
        }}
      >
        <input aria-label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <input aria-label="Consent" name="consent" type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <input aria-label="Untouched" name="phone" defaultValue="" />
      </form>
    );
  }

  /** The page as the server sent it, adopted by the app after the visitor typed (and maybe sent) it. */
  function adoptAfter(visitor: (page: HTMLElement, typed: WeakMap<Element, [string, boolean]>, submitted: WeakSet<Element>) => void, app: ReactElement) {
    const typed = new WeakMap<Element, [string, boolean]>();
    const submitted = new WeakSet<Element>();
    (window as unknown as Record<string, unknown>)[BEFORE_START_GLOBAL] = { typed, submitted, takenOver: new WeakSet() };
    const { container, unmount } = render(app);
    const serverHtml = container.innerHTML;
    unmount();
    const page = document.createElement('div');
    page.innerHTML = serverHtml;
    document.body.append(page);
    visitor(page, typed, submitted);
    render(app, { container: page, hydrate: true });
    return typed;
  }

  it('sends a form the visitor sent before the app started, once its typed values are in place', async () => {
    const sent: string[] = [];
    adoptAfter(
      (page, typed, submitted) => {
        typed.set(page.querySelector('input[name=email]')!, ['someone@example.com', false]);
        submitted.add(page.querySelector('form')!);
      },
      <Form onApplied={() => undefined} onSend={(email) => sent.push(email)} />,
    );
    await screen.findByDisplayValue('someone@example.com');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['someone@example.com']);
  });

  it('gives each field what was typed into that very element before the app started, once', () => {
    const typed = new WeakMap<Element, [string, boolean]>();
    (window as unknown as Record<string, unknown>)[BEFORE_START_GLOBAL] = { typed, submitted: new WeakSet(), takenOver: new WeakSet() };
    const applied: string[] = [];
    // The page as the server sent it, and the elements the visitor typed into
    // (recorded as the page's script does); the app then adopts those very elements.
    const { container, unmount } = render(<Form onApplied={() => undefined} />);
    const serverHtml = container.innerHTML;
    unmount();
    const adopted = document.createElement('div');
    adopted.innerHTML = serverHtml;
    document.body.append(adopted);
    typed.set(adopted.querySelector('input[name=email]')!, ['someone@example.com', false]);
    typed.set(adopted.querySelector('input[name=consent]')!, ['on', true]);
    render(<Form onApplied={(f) => applied.push(...f)} />, { container: adopted, hydrate: true });
    expect(screen.getByLabelText('Email')).toHaveValue('someone@example.com');
    expect(screen.getByLabelText('Consent')).toBeChecked();
    expect(applied.sort()).toEqual(['consent', 'email']);
    expect(typed.has(adopted.querySelector('input[name=email]')!)).toBe(false);
    const recorded = (window as unknown as Record<string, { takenOver: WeakSet<Element> }>)[BEFORE_START_GLOBAL]!;
    expect(recorded.takenOver.has(adopted.querySelector('form')!)).toBe(true);
  });

  it('does nothing on a page the server did not render', () => {
    const applied: string[] = [];
    render(<Form onApplied={(f) => applied.push(...f)} />);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(applied).toEqual([]);
  });
});

describe('scriptSafeJson', () => {
  it('escapes every < so no text can end the script element', () => {
    expect(scriptSafeJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(scriptSafeJson({ a: '</script>' }))).toEqual({ a: '</script>' });
  });
});
