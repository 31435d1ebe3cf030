import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PageContainer as Container } from '../../../components/PageContainer';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { InitialsAvatar } from '../../../components/InitialsAvatar';
import { PageShell } from '../../../components/PageShell';
import { OFFICE_HOURS, SITE } from '../../../config/site';
import { ABOUT_STATS, TEAM, VALUES } from '../data/content';
import { ContactForm } from './ContactForm';

const NAVY = '#14213d';

function Section({ id, title, children, tinted = false }: { id: string; title: string; children: ReactNode; tinted?: boolean }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 5, md: 8 }, bgcolor: tinted ? '#fff' : 'transparent' }}>
      <Container maxWidth="lg">
        <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: NAVY, mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

/** The About page (/about and /learn-more) of spec §2.3. */
export default function AboutPage() {
  return (
    <PageShell>
      <Box component="section" aria-labelledby="about-title" sx={{ bgcolor: NAVY, color: '#fff', py: { xs: 6, md: 9 } }}>
        <Container maxWidth="lg">
          <Typography id="about-title" variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, fontWeight: 800 }}>
            About {SITE.name}
          </Typography>
          <Typography sx={{ mt: 2, color: '#e5e5e5', maxWidth: 700, fontSize: '1.1rem' }}>We help students discover, apply to and get admitted at the universities that fit them best.</Typography>
          <Box component="dl" sx={{ m: 0, mt: 5, display: 'grid', gap: 3, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {ABOUT_STATS.map((stat) => (
              <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" sx={{ color: '#e5e5e5' }}>
                  {stat.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: { xs: '1.75rem', md: '2.5rem' }, fontWeight: 800, color: '#fca311' }}>
                  {stat.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Section id="story-title" title="Our Story">
        <Typography sx={{ maxWidth: 800, mb: 2 }}>
          {SITE.name} was founded in 2025 by a team of former admissions officers and technologists who saw talented students miss out on university places because the information they needed was
          scattered, late or out of reach.
        </Typography>
        <Typography sx={{ maxWidth: 800 }}>
          We combine AI-powered matching with human expertise: our platform suggests the programs that fit each student, and our advisors and alumni help them turn those suggestions into strong
          applications.
        </Typography>
      </Section>

      <Section id="mission-title" title="Our Mission" tinted>
        <Typography sx={{ maxWidth: 800, fontSize: '1.15rem' }}>
          To make higher education accessible to every student in Zambia and across Africa by putting clear information, honest guidance and a simple application process within reach of anyone with a
          phone.
        </Typography>
      </Section>

      <Section id="values-title" title="Our Values">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {VALUES.map((value) => (
            <Paper key={value.title} component="article" sx={{ p: 3, borderRadius: 3 }}>
              <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700, color: NAVY }}>
                {value.title}
              </Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary' }}>{value.text}</Typography>
            </Paper>
          ))}
        </Box>
      </Section>

      <Section id="team-title" title="Meet Our Team" tinted>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {TEAM.map((member) => (
            <Paper key={member.name} component="li" variant="outlined" sx={{ p: 3, borderRadius: 3, textAlign: 'center' }}>
              <InitialsAvatar name={member.name} size={80} />
              <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 700, mt: 2 }}>
                {member.name}
              </Typography>
              <Typography sx={{ color: '#8a5300', fontWeight: 600 }}>{member.role}</Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary', fontSize: '0.95rem' }}>{member.bio}</Typography>
            </Paper>
          ))}
        </Box>
      </Section>

      <Section id="contact-title" title="Get In Touch">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700 }}>
              Contact details
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal', mt: 1, display: 'grid', gap: 0.5 }}>
              <span>
                Email: <Link href={`mailto:${SITE.email}`}>{SITE.email}</Link>
              </span>
              <span>
                Phone: <Link href={`tel:${SITE.phone.replace(/\s+/g, '')}`}>{SITE.phone}</Link>
              </span>
              <span>Address: {SITE.address}</span>
            </Box>
            <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700, mt: 3 }}>
              Office hours
            </Typography>
            <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              {OFFICE_HOURS.map((row) => (
                <Box key={row.days} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {row.days}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {row.hours}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
          <Paper sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700, mb: 2 }}>
              Send us a message
            </Typography>
            <ContactForm />
          </Paper>
        </Box>
      </Section>

      <Box component="section" aria-labelledby="start-title" sx={{ py: { xs: 6, md: 8 }, textAlign: 'center', bgcolor: '#fff' }}>
        <Container maxWidth="md">
          <Typography id="start-title" variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: NAVY }}>
            Ready to begin?
          </Typography>
          <Button component={RouterLink} to="/register" variant="contained" color="secondary" size="large" sx={{ mt: 3, color: NAVY, fontWeight: 700 }}>
            Get Started Today
          </Button>
        </Container>
      </Box>
    </PageShell>
  );
}
