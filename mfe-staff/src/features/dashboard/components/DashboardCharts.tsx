/**
 * The dashboard's charts, a chunk of their own (React.lazy): @mui/x-charts is
 * loaded only when a dashboard is shown. Deep imports keep the bundle to the
 * two chart types used.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { formatDate, useAdoptingServerHtml, type DashboardStats } from 'shared-api';

const STATUS_LABELS: Record<string, string> = {
  SUBMITTED: 'Submitted',
  PENDING: 'Pending',
  PENDING_REVIEW: 'Pending review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  DOCUMENTS_REQUESTED: 'Documents requested',
  // Offers (issue 17), in the words of the applications list's badges.
  OFFERED: 'Offer made',
  WAITLISTED: 'Waitlisted',
  OFFER_DECLINED: 'Offer declined',
  OFFER_LAPSED: 'Offer lapsed',
};
const STATUS_COLOURS: Record<string, string> = {
  SUBMITTED: '#ffb300',
  PENDING: '#9e9e9e',
  PENDING_REVIEW: '#1565c0',
  APPROVED: '#2e7d32',
  REJECTED: '#c62828',
  DOCUMENTS_REQUESTED: '#ff8f00',
  OFFERED: '#66bb6a',
  WAITLISTED: '#42a5f5',
  OFFER_DECLINED: '#8e0000',
  OFFER_LAPSED: '#e57373',
};

/**
 * Legends go below the chart at every width: beside a doughnut a long legend
 * squeezed it to a sliver (issue 22, item 6 at 1024 px). Below, it wraps into
 * rows and the chart keeps its full width.
 */
const LEGEND_BELOW = { legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } } as const;
/** The smallest a chart is drawn; narrower screens scroll the figure, never squash it. */
const CHART_MIN_WIDTH = 260;
/**
 * The width a chart is drawn at on the server and while the browser adopts
 * that HTML (decision 013): the server cannot measure the screen, and a chart
 * without a width draws its legend alone. Once adopted, each chart measures
 * its box and fits it.
 */
const SERVER_CHART_WIDTH = 320;

// Pixel strings: in `sx` a bare 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A titled chart (its legend stays keyboard-usable) with its figures also as a list for screen readers. */
function ChartFigure({ title, data, children }: { title: string; data: ReadonlyArray<{ label: string; value: number }>; children: ReactNode }) {
  return (
    <Paper component="figure" sx={{ m: 0, p: 2, minWidth: 0, position: 'relative', overflowX: 'auto' }} aria-label={title}>
      <Typography component="figcaption" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* All zeros draw an empty ring or a bare axis: say so instead. */}
      {data.every((d) => d.value === 0) ? (
        <Typography color="text.secondary">No data yet.</Typography>
      ) : (
        <>
          <Box sx={{ minWidth: CHART_MIN_WIDTH }}>{children}</Box>
          <Box component="ul" sx={visuallyHidden}>
            {data.map((d) => (
              <li key={d.label}>
                {d.label}: {d.value}
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

export default function DashboardCharts({ stats, variant }: { stats: DashboardStats; variant: 'superuser' | 'admin' }) {
  const width = useAdoptingServerHtml() ? SERVER_CHART_WIDTH : undefined;
  const faculty = stats.programsByFaculty;
  const byStatus = stats.applicationsByStatus.map((s) => ({ label: STATUS_LABELS[s.status] ?? s.status, value: s.value, status: s.status }));
  // '17 Nov', as dates read everywhere; the year is left off to keep seven days on a phone's axis.
  const days = stats.submissionsLast7Days.map((d) => ({ label: formatDate(d.date).replace(/ \d{4}$/, ''), value: d.value }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))', mt: 3 }}>
      <ChartFigure title="Programs by Faculty" data={faculty}>
        <PieChart
          width={width}
          height={320}
          slotProps={LEGEND_BELOW}
          series={[
            {
              id: 'programs-by-faculty',
              data: faculty.map((f, i) => ({ id: i, value: f.value, label: f.label })),
              innerRadius: variant === 'admin' ? 60 : 0,
              paddingAngle: variant === 'admin' ? 2 : 0,
              cornerRadius: variant === 'admin' ? 4 : 0,
            },
          ]}
        />
      </ChartFigure>
      {variant === 'superuser' && (
        <ChartFigure title="Student Distribution" data={stats.studentsByUniversity}>
          <BarChart
            width={width}
            height={300}
            slotProps={LEGEND_BELOW}
            xAxis={[{ id: 'universities', scaleType: 'band', data: stats.studentsByUniversity.map((s) => s.label) }]}
            yAxis={[{ id: 'students' }]}
            series={[{ id: 'students', data: stats.studentsByUniversity.map((s) => s.value), label: 'Students', color: '#14213d' }]}
          />
        </ChartFigure>
      )}
      <ChartFigure title="Applications by Status" data={byStatus}>
        <PieChart
          width={width}
          height={320}
          slotProps={LEGEND_BELOW}
          series={[{ id: 'applications-by-status', data: byStatus.map((s, i) => ({ id: i, value: s.value, label: s.label, color: STATUS_COLOURS[s.status] })), innerRadius: 50 }]}
        />
      </ChartFigure>
      <ChartFigure title="Submissions in the Last 7 Days" data={days}>
        <BarChart
          width={width}
          height={300}
          slotProps={LEGEND_BELOW}
          xAxis={[{ id: 'days', scaleType: 'band', data: days.map((d) => d.label) }]}
          yAxis={[{ id: 'applications' }]}
          series={[{ id: 'applications', data: days.map((d) => d.value), label: 'Applications', color: '#fca311' }]}
        />
      </ChartFigure>
    </Box>
  );
}
