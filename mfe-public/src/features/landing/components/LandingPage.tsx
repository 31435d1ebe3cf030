import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/visuallyHidden';
import Button from '@mui/material/Button';
import { PageContainer as Container } from '../../../components/PageContainer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/PageShell';
import { GroupsIcon, InsightsIcon, TrackIcon } from '../../../components/icons';
import { SITE } from '../../../config/site';
import { FEATURES, HERO_STATS, PROGRESS_SAMPLE, TESTIMONIALS } from '../data/content';
import { TestimonialCarousel } from './TestimonialCarousel';

const FEATURE_ICONS = { matching: InsightsIcon, guidance: GroupsIcon, tracking: TrackIcon } as const;
const NAVY = '#14213d';

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ bgcolor: NAVY, color: '#fff', py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg" sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'center' }}>
        <Box>
          <Typography id="hero-title" variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem', md: '3.25rem' }, fontWeight: 800, lineHeight: 1.15 }}>
            Find the right university and apply with confidence
          </Typography>
          <Typography sx={{ mt: 2, fontSize: { xs: '1.05rem', md: '1.2rem' }, color: '#e5e5e5', maxWidth: 620 }}>
            Discover universities and programs across Zambia and Africa, get matched to the courses that fit you, apply online and pay your application fee in minutes.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 4 }}>
            <Button component={RouterLink} to="/register" variant="contained" color="secondary" size="large" sx={{ color: NAVY, fontWeight: 700 }}>
              Start Your Journey
            </Button>
            <Button
              component="a"
              href={SITE.demoVideoUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: '#fff', '&:hover': { borderColor: '#fca311' } }}
            >
              Watch Demo
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens in a new tab)
              </Box>
            </Button>
          </Box>
        </Box>
        <Paper sx={{ p: 3, m: 0, borderRadius: 3 }} component="figure">
          <Typography component="figcaption" sx={{ fontWeight: 700, color: NAVY }}>
            Application progress
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', mt: 0.5 }}>BSc Computer Science · sample</Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
            <Box
              role="progressbar"
              aria-label="Application progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={PROGRESS_SAMPLE}
              sx={{ flex: 1, height: 10, borderRadius: 5, bgcolor: '#fde8c4', overflow: 'hidden' }}
            >
              <Box sx={{ width: `${PROGRESS_SAMPLE}%`, height: '100%', bgcolor: '#fca311' }} />
            </Box>
            <Typography sx={{ fontWeight: 800, color: NAVY }}>{PROGRESS_SAMPLE}%</Typography>
          </Box>
          <Box component="ul" sx={{ m: 0, mt: 2, pl: 2.5, color: 'text.secondary', fontSize: '0.95rem' }}>
            <li>Personal details complete</li>
            <li>Program choices complete</li>
            <li>Documents uploaded</li>
            <li>Application fee pending</li>
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}

function Stats() {
  return (
    <Box component="section" aria-label="Our numbers" sx={{ bgcolor: '#fff', py: 5 }}>
      <Container maxWidth="lg">
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, textAlign: 'center' }}>
          {HERO_STATS.map((stat) => (
            <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
              <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 500 }}>
                {stat.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 800, color: NAVY }}>
                {stat.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Box component="section" id="features" aria-labelledby="features-title" sx={{ py: { xs: 6, md: 9 }, scrollMarginTop: 16 }}>
      <Container maxWidth="lg">
        <Typography id="features-title" variant="h2" align="center" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: NAVY }}>
          Everything you need to get admitted
        </Typography>
        <Typography align="center" sx={{ mt: 1.5, color: 'text.secondary', maxWidth: 640, mx: 'auto' }}>
          One place to discover programs, get advice and follow your applications.
        </Typography>
        <Box sx={{ mt: 5, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map((feature) => {
            const Icon = FEATURE_ICONS[feature.key];
            return (
              <Paper key={feature.key} component="article" elevation={1} sx={{ p: 3, borderRadius: 3 }}>
                <Icon sx={{ fontSize: 40, color: '#b86e00' }} />
                <Typography variant="h3" sx={{ fontSize: '1.25rem', fontWeight: 700, mt: 1.5, color: NAVY }}>
                  {feature.title}
                </Typography>
                <Typography sx={{ mt: 1, color: 'text.secondary' }}>{feature.text}</Typography>
              </Paper>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}

function Testimonials() {
  return (
    <Box component="section" aria-labelledby="testimonials-title" sx={{ bgcolor: '#fff', py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Typography id="testimonials-title" variant="h2" align="center" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: NAVY, mb: 4 }}>
          What our students say
        </Typography>
        <TestimonialCarousel items={TESTIMONIALS} />
      </Container>
    </Box>
  );
}

function CallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 9 }, textAlign: 'center' }}>
      <Container maxWidth="md">
        <Typography id="cta-title" variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: NAVY }}>
          Ready to take the next step?
        </Typography>
        <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>Create your free account, explore programs and submit your first application today.</Typography>
        <Button component={RouterLink} to="/register" variant="contained" size="large" sx={{ mt: 4, bgcolor: NAVY, fontWeight: 700 }}>
          Create Your Free Account
        </Button>
      </Container>
    </Box>
  );
}

/** The landing page (/, /home) of spec §2.3. */
export default function LandingPage() {
  return (
    <PageShell featuresHref="#features">
      <Hero />
      <Stats />
      <Features />
      <Testimonials />
      <CallToAction />
    </PageShell>
  );
}
