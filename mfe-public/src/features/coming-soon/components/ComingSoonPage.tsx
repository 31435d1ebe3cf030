import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { PageContainer as Container } from '../../../components/PageContainer';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../components/Logo';
import { SITE } from '../../../config/site';
import { useWaitlistCount } from '../hooks/useWaitlistCount';
import { WaitlistForm } from './WaitlistForm';

const NAVY = '#14213d';

export const SERVICES = [
  { title: 'University Advertising', text: 'Partner universities showcase their programs, intakes and campus life to students across Africa.' },
  { title: 'Application Assistance', text: 'Step-by-step help to complete applications, prepare documents and meet every deadline.' },
  { title: 'Course Deep Dives', text: 'Detailed looks at courses, entry requirements and the careers they lead to.' },
  { title: 'University Advisory', text: 'One-to-one advice from advisors and alumni on choosing the right university.' },
] as const;

function WaitlistCount({ count }: { count: number | 'many' | null }) {
  if (count === 0) {
    return <Typography sx={{ mt: 1, color: '#e5e5e5' }}>Be the first on the waitlist.</Typography>;
  }
  return (
    <Typography sx={{ mt: 1, color: '#e5e5e5' }}>
      Join{' '}
      {count === null ? (
        <Skeleton variant="text" component="span" width={48} sx={{ display: 'inline-block', bgcolor: 'rgba(255,255,255,0.2)' }} aria-hidden="true" />
      ) : (
        <Box component="strong" sx={{ color: '#fca311' }} data-testid="waitlist-count">
          {count === 'many' ? 'many' : count.toLocaleString('en-US')}
        </Box>
      )}{' '}
      {count === 1 ? 'other person' : 'others'} already on the waitlist.
    </Typography>
  );
}

/** The coming-soon page of spec §2.3. */
export default function ComingSoonPage() {
  const { count, refresh } = useWaitlistCount();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: NAVY, color: '#fff', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1, py: { xs: 5, md: 8 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Logo size="large" />
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, fontWeight: 800, mt: 3 }}>
            Something great is coming soon
          </Typography>
          <Typography sx={{ mt: 2, fontSize: '1.15rem', color: '#e5e5e5' }}>{SITE.tagline}.</Typography>
        </Container>
        <Container maxWidth="lg" sx={{ mt: 5 }}>
          <Typography variant="h2" sx={visuallyHidden}>
            Our services
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {SERVICES.map((service) => (
              <Paper key={service.title} component="li" sx={{ p: 3, borderRadius: 3 }}>
                <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 700, color: NAVY }}>
                  {service.title}
                </Typography>
                <Typography sx={{ mt: 1, color: 'text.secondary' }}>{service.text}</Typography>
              </Paper>
            ))}
          </Box>
        </Container>
        <Container maxWidth="sm" sx={{ mt: 6 }}>
          <Box component="section" aria-labelledby="waitlist-title" sx={{ textAlign: 'center' }}>
            <Typography id="waitlist-title" variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 800 }}>
              Be the first to know
            </Typography>
            <WaitlistCount count={count} />
            <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3, textAlign: 'left' }}>
              <WaitlistForm onJoined={() => void refresh()} />
            </Paper>
          </Box>
        </Container>
      </Box>
      <Box component="footer" sx={{ py: 4, textAlign: 'center' }}>
        <Box component="nav" aria-label="Social media">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            {SITE.social.map((social) => (
              <li key={social.label}>
                <Link href={social.href} target="_blank" rel="noopener noreferrer" sx={{ color: '#fff', display: 'inline-block', py: 1 }}>
                  {social.label}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Typography sx={{ mt: 2, color: '#e5e5e5', fontSize: '0.875rem' }}>
          © {new Date().getFullYear()} {SITE.name}
        </Typography>
      </Box>
    </Box>
  );
}
