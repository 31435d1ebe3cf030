import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PRIVACY_POLICY_VERSION } from 'shared-api';
import PrivacyPage from './PrivacyPage';

describe('PrivacyPage', () => {
  it('covers collection, purposes, retention, rights and contact, with the policy version', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    expect(screen.getByTestId('policy-version')).toHaveTextContent(PRIVACY_POLICY_VERSION);
    expect(screen.getAllByText(/Data Protection Act/).length).toBeGreaterThan(0);
    for (const title of ['What we collect', 'Why we use it', 'How long we keep it', 'Your rights', 'Contact us']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Identity documents:')).toBeInTheDocument();
    expect(screen.getByText('Payment references:')).toBeInTheDocument();
    expect(screen.getByText('export your data')).toBeInTheDocument();
    expect(screen.getByText('have your data deleted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /privacy@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
