/** Display text of the About page; the figures are samples (spec §9). */
export const ABOUT_STATS = [
  { value: '50,000+', label: 'Students Guided' },
  { value: '500+', label: 'University Partners' },
  { value: '95%', label: 'Success Rate' },
  { value: '50+', label: 'Countries Served' },
] as const;

export const VALUES = [
  { title: 'Excellence', text: 'We hold our advice, our matching and our platform to the standard our students deserve.' },
  { title: 'Empowerment', text: 'We give every applicant the information and confidence to choose their own path.' },
  { title: 'Accessibility', text: 'Good guidance should not depend on where you live or what you can pay; our tools work on any phone.' },
  { title: 'Innovation', text: 'We use technology, from AI-powered matching to online payments, to remove the friction from admissions.' },
] as const;

export const TEAM = [
  {
    name: 'Chanda Mwansa',
    role: 'Chief Executive Officer',
    bio: 'A former university admissions officer with fifteen years of experience helping students find the right program.',
  },
  {
    name: 'Thandiwe Banda',
    role: 'Chief Technology Officer',
    bio: 'A software engineer who has built learning platforms used by students across Southern Africa.',
  },
  {
    name: 'Mwila Phiri',
    role: 'Head of Student Advisory',
    bio: 'Leads our advisors and alumni mentors and makes sure every applicant gets a human answer.',
  },
  {
    name: 'Joseph Tembo',
    role: 'Head of University Partnerships',
    bio: 'Works with partner universities to bring their programs, requirements and intakes online.',
  },
] as const;
