/** Display text of the landing page. The figures are samples (spec §9), not live data. */
export const HERO_STATS = [
  { value: '50K+', label: 'Students' },
  { value: '500+', label: 'Universities' },
  { value: '95%', label: 'Success Rate' },
  { value: '24/7', label: 'Support' },
] as const;

export const PROGRESS_SAMPLE = 85;

export const FEATURES = [
  {
    key: 'matching',
    title: 'AI-Powered Program Matching',
    text: 'Tell us about your grades, interests and budget, and our matching suggests the programs and universities where you are most likely to thrive.',
  },
  {
    key: 'guidance',
    title: 'Expert Guidance',
    text: 'Get advice from experienced admissions advisors and alumni who have walked the path before you, from choosing a program to preparing your documents.',
  },
  {
    key: 'tracking',
    title: 'Real-Time Application Tracking',
    text: 'Follow every application from submission to decision in one place, with clear statuses and payment confirmations as they happen.',
  },
] as const;

export interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'I applied to three programs in one afternoon and could see exactly where each application stood. I start Computer Science in January!',
    name: 'Mutale Chileshe',
    detail: 'BSc Computer Science applicant, Lusaka',
  },
  {
    quote: 'The program matching pointed me to a nursing degree I had never heard of. The advisors helped me prepare my documents step by step.',
    name: 'Grace Nkandu',
    detail: 'Nursing student, Kitwe',
  },
  {
    quote: 'Paying the application fee with mobile money took a minute, and I got my confirmation straight away. No more queues at the admissions office.',
    name: 'Daniel Mweemba',
    detail: 'Business Administration student, Livingstone',
  },
];
