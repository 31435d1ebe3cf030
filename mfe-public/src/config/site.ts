/**
 * Contact details and links of the public site, kept in one place so the
 * operators can change them without touching the pages.
 */
export const SITE = {
  name: 'UniPortal',
  tagline: 'Your gateway to higher education in Zambia and across Africa',
  email: 'hello@uniportal.co.zm',
  privacyEmail: 'privacy@uniportal.co.zm',
  phone: '+260 211 000 000',
  address: 'Plot 1, Cairo Road, Lusaka, Zambia',
  demoVideoUrl: 'https://www.youtube.com/',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'X (Twitter)', href: 'https://x.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
  ],
} as const;

export const OFFICE_HOURS = [
  { days: 'Mon-Fri', hours: '8:00 AM-6:00 PM' },
  { days: 'Sat', hours: '9:00 AM-2:00 PM' },
  { days: 'Sun', hours: 'closed' },
] as const;
