import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, forgetPreloadedResponse, universitiesApi, usePreloadedResponse, type DashboardStats } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities } from 'shared-auth';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useScope } from '../../../hooks/useScope';
import { DASHBOARD_STATS_PATH, getDashboardStats } from '../api/getDashboardStats';

const loadCharts = () => import(/* webpackChunkName: "dashboard-charts" */ './DashboardCharts');
const DashboardCharts = lazy(loadCharts);

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))' } as const;

export function Dashboard() {
  const { isSuperuser, universityId } = useScope();
  const scoped = isSuperuser ? universityId : null;

  // The charts show as soon as the figures arrive: their code (the largest of
  // the page) downloads while the figures are asked for, not after.
  useEffect(() => {
    loadCharts().catch(() => undefined);
  }, []);

  // Spec §2.4: the dashboard fetches the universities list and caches it under 'universities'.
  useEffect(() => {
    universitiesApi
      .list()
      .then(cacheUniversities)
      .catch(() => undefined);
  }, []);

  // A dashboard the server rendered for this person carries the unscoped figures (decision 013):
  // the first render shows them, as the server did, without asking again; a later visit asks.
  const [renderedStats] = useState(usePreloadedResponse<DashboardStats>(DASHBOARD_STATS_PATH));
  useEffect(() => {
    if (renderedStats !== undefined) forgetPreloadedResponse(DASHBOARD_STATS_PATH);
  }, [renderedStats]);
  const { data: stats, error: failed } = useServerData(() => getDashboardStats(scoped), [scoped], { initial: scoped === null ? renderedStats : undefined });
  const error = failed ? errorText(failed, 'Failed to load dashboard statistics') : null;

  const counters: Array<[string, number | undefined]> = isSuperuser
    ? [
        ['Universities', stats?.universities],
        ['Programs', stats?.programs],
        ['Courses', stats?.courses],
        ['Students', stats?.students],
      ]
    : [
        ['Programs', stats?.programs],
        ['Courses', stats?.courses],
        ['Students', stats?.students],
      ];
  const cards: Array<[string, string, string]> = [
    ...(isSuperuser ? ([['Universities', 'Manage universities and their details', '/universities/all']] as Array<[string, string, string]>) : []),
    ['Programs', 'Add, edit and review programs', '/programs'],
    ['Courses', 'Manage the courses of each program', '/courses'],
    ['Students', 'See the applicants and their applications', '/students/all'],
  ];

  return (
    <Box>
      <PageHeader title="Dashboard" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!stats && !error && <Loading text="Loading dashboard..." />}
      {stats && (
        <>
          <Box component="ul" aria-label="Summary" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}>
            {counters.map(([label, value]) => (
              <Paper component="li" key={label} sx={{ p: 2, textAlign: 'center' }}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
                  {value ?? 0}
                </Typography>
                <Typography color="text.secondary">{label}</Typography>
              </Paper>
            ))}
          </Box>
          <Box component="nav" aria-label="Dashboard shortcuts" sx={{ ...grid, mt: 3 }}>
            {cards.map(([title, text, to]) => (
              <Card key={to} variant="outlined">
                <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
          <Suspense fallback={<Loading text="Loading charts..." />}>
            <DashboardCharts stats={stats} variant={isSuperuser ? 'superuser' : 'admin'} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
