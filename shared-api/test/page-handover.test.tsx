/**
 * @jest-environment jsdom
 *
 * The page platform's hand-over as the shell and the remotes reach it through
 * shared-api: the same functions, a response named as the client calls it.
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import * as platform from 'page-platform/handover';
// From the module itself: the package's index also loads the HTTP client, which jsdom cannot run.
import { apiPath, forgetPreloadedResponse, PreloadedResponsesProvider, useFormHandover, usePreloadedResponse } from '../src/client/page-handover';

function List() {
  const names = usePreloadedResponse<string[]>('universities');
  return <p>{names ? names.join(', ') : 'nothing embedded'}</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
  platform.resetPreloadedResponses();
});

describe("shared-api's hand-over", () => {
  it("is the page platform's own, not a copy", () => {
    expect(useFormHandover).toBe(platform.useFormHandover);
    expect(PreloadedResponsesProvider).toBe(platform.PreloadedResponsesProvider);
  });

  it('names a response by the client path, which the page carries under its API path', () => {
    expect(apiPath('universities')).toBe('/api/universities');
    render(
      <PreloadedResponsesProvider responses={{ '/api/universities': ['UNZA', 'CBU'] }}>
        <List />
      </PreloadedResponsesProvider>,
    );
    expect(screen.getByText('UNZA, CBU')).toBeInTheDocument();
  });

  it('forgets what a screen has shown', () => {
    document.body.innerHTML = platform.embeddedResponsesElement({ '/api/universities': ['UNZA'] });
    forgetPreloadedResponse('/universities');
    render(<List />);
    expect(screen.getByText('nothing embedded')).toBeInTheDocument();
  });
});
