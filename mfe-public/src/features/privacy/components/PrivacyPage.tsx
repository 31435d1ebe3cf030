import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PageContainer as Container } from '../../../components/PageContainer';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRIVACY_POLICY_VERSION } from 'shared-api';
import { PageShell } from '../../../components/PageShell';
import { SITE } from '../../../config/site';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' }, fontWeight: 700, color: '#14213d', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const listSx = { m: 0, pl: 3, display: 'grid', gap: 1 } as const;

/** /privacy: the privacy notice under Zambia's Data Protection Act No. 3 of 2021. */
export default function PrivacyPage() {
  return (
    <PageShell>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Paper sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 800, color: '#14213d' }}>
            Privacy Notice
          </Typography>
          <Typography sx={{ mt: 1, color: 'text.secondary' }}>
            Policy version <strong data-testid="policy-version">{PRIVACY_POLICY_VERSION}</strong>
          </Typography>
          <Typography sx={{ mt: 2 }}>
            {SITE.name} processes your personal data in line with the Data Protection Act No. 3 of 2021 of the Republic of Zambia. This notice explains what we collect, why, how long we keep it and
            the rights you have. We are the data controller for the data you give us on this portal; the universities you apply to receive your application and process it as controllers in their own
            right.
          </Typography>

          <Part id="privacy-collect" title="What we collect">
            <Box component="ul" sx={listSx}>
              <li>
                <strong>Identity documents:</strong> your National Registration Card (front and back) or passport, your national registration number, date of birth, gender and nationality.
              </li>
              <li>
                <strong>Contact details:</strong> your name, email address, phone number, country, province and city.
              </li>
              <li>
                <strong>Education:</strong> your highest qualification, the institution you attended, academic results, certificates and the programs you choose.
              </li>
              <li>
                <strong>Payment references:</strong> the reference, amount, currency and status of your application fee payment. Card and mobile-money details are entered with our payment provider and
                never stored by us.
              </li>
              <li>
                <strong>Account and security data:</strong> your sign-in email, a one-way hash of your password, and a record of important actions on your account.
              </li>
            </Box>
          </Part>

          <Part id="privacy-why" title="Why we use it">
            <Box component="ul" sx={listSx}>
              <li>To create and secure your account and sign you in (performance of a contract).</li>
              <li>To send your applications and documents to the universities you choose and let them decide on them (your consent, given when you register and apply).</li>
              <li>To take and confirm application fee payments (performance of a contract and our legal obligations on financial records).</li>
              <li>To answer your messages and keep the service safe, including preventing fraud (our legitimate interests).</li>
            </Box>
            <Typography sx={{ mt: 1.5 }}>We do not sell your personal data and we do not use it for advertising.</Typography>
          </Part>

          <Part id="privacy-retention" title="How long we keep it">
            <Box component="ul" sx={listSx}>
              <li>Your account data: for as long as your account is open.</li>
              <li>Applications and their documents: for the admission cycle they belong to and up to two years after it, unless you ask us to delete them earlier.</li>
              <li>Payment references: for the period required by Zambian tax and financial record-keeping law.</li>
              <li>Waitlist and contact messages: until you unsubscribe or the matter is closed.</li>
            </Box>
          </Part>

          <Part id="privacy-rights" title="Your rights">
            <Typography>Under the Data Protection Act 2021 you have the right to:</Typography>
            <Box component="ul" sx={{ ...listSx, mt: 1 }}>
              <li>be informed about and get a copy of the personal data we hold about you;</li>
              <li>
                <strong>export your data</strong> in a machine-readable format (signed-in applicants can download it from their settings page);
              </li>
              <li>have inaccurate data corrected;</li>
              <li>
                <strong>have your data deleted</strong>, including closing your account from your settings page, subject to records we must keep by law;
              </li>
              <li>object to or restrict processing, and withdraw your consent at any time (this does not affect processing done before);</li>
              <li>complain to the Office of the Data Protection Commissioner of Zambia.</li>
            </Box>
          </Part>

          <Part id="privacy-security" title="How we protect it">
            <Typography>
              Data travels over encrypted connections, passwords are stored only as strong one-way hashes, and access to applications is limited to our staff and the staff of the university you
              applied to.
            </Typography>
          </Part>

          <Part id="privacy-contact" title="Contact us">
            <Typography>
              For any question or request about your personal data, write to our data protection officer at <Link href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</Link>, or by post to{' '}
              {SITE.address}. We answer requests within the time the Act allows.
            </Typography>
          </Part>
        </Paper>
      </Container>
    </PageShell>
  );
}
