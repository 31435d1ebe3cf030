import type { DashboardStats } from 'shared-api';

/** Figures as the API returns them, every chart with data, for the tests. */
export const STATS: DashboardStats = {
  universities: 3,
  programs: 17,
  courses: 61,
  students: 205,
  applications: 240,
  programsByFaculty: [
    { label: 'Law', value: 4 },
    { label: 'Medicine', value: 13 },
  ],
  studentsByUniversity: [
    { label: 'UNZA', value: 150 },
    { label: 'CBU', value: 55 },
  ],
  applicationsByStatus: [
    { status: 'PENDING', value: 20 },
    { status: 'APPROVED', value: 200 },
    { status: 'OFFERED', value: 7 },
    { status: 'OFFER_LAPSED', value: 2 },
  ],
  submissionsLast7Days: [
    { date: '2026-11-16', value: 3 },
    { date: '2026-11-17', value: 9 },
  ],
};
