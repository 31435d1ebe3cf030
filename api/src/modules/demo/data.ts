/**
 * The demo data set: real Zambian universities in their towns, with a few
 * programs and courses each. Descriptions are written for the demo; check a
 * university's own site for its current offer.
 */
export interface DemoCourse {
  name: string;
  description: string;
  year: number;
  semester: number;
}
export interface DemoProgram {
  name: string;
  faculty: string;
  durationYears: number;
  description: string;
  requirements: string;
  careerOpportunities: string;
  courses: DemoCourse[];
}
export interface DemoUniversity {
  key: string;
  name: string;
  location: string;
  website: string;
  contactInfo: string;
  about: string;
  admin: { firstName: string; lastName: string; email: string; phone: string };
  programs: DemoProgram[];
}

const c = (name: string, description: string, year: number, semester: number): DemoCourse => ({ name, description, year, semester });

export const DEMO_UNIVERSITIES: DemoUniversity[] = [
  {
    key: 'unza',
    name: 'University of Zambia',
    location: 'Lusaka',
    website: 'https://www.unza.zm',
    contactInfo: 'Office of the Registrar, Great East Road Campus, P.O. Box 32379, Lusaka · registrar@unza.zm',
    about:
      "Founded in 1966, the University of Zambia is the country's oldest and largest public university. From its Great East Road campus in Lusaka it teaches across natural sciences, humanities, law, medicine, engineering, agriculture and education, and leads much of Zambia's research.",
    admin: { firstName: 'Chanda', lastName: 'Mulenga', email: 'admin.unza@demo.uniportal.zm', phone: '+260971100001' },
    programs: [
      {
        name: 'Bachelor of Science in Computer Science',
        faculty: 'School of Natural Sciences',
        durationYears: 4,
        description: 'Programming, algorithms, data and systems, from first principles to a final-year software project built with a real client.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics, English and a science subject.',
        careerOpportunities: 'Software developer, systems analyst, data analyst, network administrator, ICT officer in government or banking.',
        courses: [
          c('Introduction to Programming', 'Problem solving and structured programming in Python.', 1, 1),
          c('Discrete Mathematics', 'Logic, sets, relations, graphs and counting for computing.', 1, 2),
          c('Data Structures and Algorithms', 'Lists, trees, hashing, sorting and the analysis of algorithms.', 2, 1),
          c('Database Systems', 'Relational design, SQL, transactions and indexing.', 2, 2),
          c('Software Engineering Project', 'A team project from requirements to a delivered system.', 4, 2),
        ],
      },
      {
        name: 'Bachelor of Laws (LLB)',
        faculty: 'School of Law',
        durationYears: 4,
        description: 'The foundations of Zambian and common law, with moot court practice and a research dissertation.',
        requirements: 'Grade 12 certificate with five credits or better, including a credit or better in English.',
        careerOpportunities: 'Advocate (after ZIALE), legal officer, magistrate, corporate counsel, policy adviser.',
        courses: [
          c('Legal Method', 'Sources of law, case reading and legal writing.', 1, 1),
          c('Constitutional Law', 'The Constitution of Zambia, the branches of government and fundamental rights.', 1, 2),
          c('Law of Contract', 'Formation, terms, breach and remedies.', 2, 1),
          c('Criminal Law', 'General principles of criminal liability and the Penal Code.', 2, 2),
        ],
      },
      {
        name: 'Bachelor of Medicine and Bachelor of Surgery (MBChB)',
        faculty: 'School of Medicine',
        durationYears: 7,
        description: 'Pre-clinical sciences followed by clinical rotations at the University Teaching Hospital in Lusaka.',
        requirements: 'Grade 12 certificate with distinctions or merits in Biology, Chemistry, Physics or Science, Mathematics and English.',
        careerOpportunities: 'Medical officer, specialist after postgraduate training, public health physician, medical researcher.',
        courses: [
          c('Human Anatomy', 'Gross anatomy of the human body with dissection.', 2, 1),
          c('Physiology', 'Function of the body systems and their regulation.', 2, 2),
          c('Pathology', 'Mechanisms of disease and their tissue changes.', 3, 1),
          c('Internal Medicine Clerkship', 'Supervised ward work in internal medicine.', 5, 1),
        ],
      },
      {
        name: 'Bachelor of Arts in Economics',
        faculty: 'School of Humanities and Social Sciences',
        durationYears: 4,
        description: 'Micro- and macroeconomics, statistics and development economics applied to Zambia and the region.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics and English.',
        careerOpportunities: 'Economist, research analyst, planning officer, banking and finance, development agencies.',
        courses: [
          c('Principles of Microeconomics', 'Markets, prices, consumers and firms.', 1, 1),
          c('Principles of Macroeconomics', 'Output, inflation, money and the balance of payments.', 1, 2),
          c('Statistics for Economists', 'Probability, estimation and regression.', 2, 1),
          c('Development Economics', 'Growth, poverty and structural change in developing economies.', 3, 2),
        ],
      },
    ],
  },
  {
    key: 'cbu',
    name: 'Copperbelt University',
    location: 'Kitwe',
    website: 'https://www.cbu.ac.zm',
    contactInfo: 'Office of the Registrar, Jambo Drive, Riverside, P.O. Box 21692, Kitwe · registrar@cbu.ac.zm',
    about:
      "Established in 1987 in Kitwe, at the heart of Zambia's mining region, the Copperbelt University is known for engineering, mining and mineral sciences, business and information technology, with strong links to industry.",
    admin: { firstName: 'Natasha', lastName: 'Phiri', email: 'admin.cbu@demo.uniportal.zm', phone: '+260971100002' },
    programs: [
      {
        name: 'Bachelor of Engineering in Mining Engineering',
        faculty: 'School of Mines and Mineral Sciences',
        durationYears: 5,
        description: 'Surface and underground mine design, rock mechanics, ventilation and mine safety, with industrial attachments on the Copperbelt.',
        requirements: 'Grade 12 certificate with merits or better in Mathematics, Physics or Science, Chemistry and English.',
        careerOpportunities: 'Mining engineer, mine planner, safety officer, mining consultant, mineral resources inspector.',
        courses: [
          c('Engineering Mathematics I', 'Calculus, linear algebra and differential equations for engineers.', 1, 1),
          c('Engineering Drawing', 'Technical drawing and computer-aided design.', 1, 2),
          c('Rock Mechanics', 'Stress, strength and stability of rock masses.', 3, 1),
          c('Mine Ventilation', 'Airflow, gases and climate control underground.', 4, 1),
          c('Mine Design Project', 'Design of a mine from resource model to production plan.', 5, 2),
        ],
      },
      {
        name: 'Bachelor of Science in Accountancy',
        faculty: 'School of Business',
        durationYears: 4,
        description: 'Financial and management accounting, auditing, taxation and corporate finance, aligned with professional ZICA and ACCA papers.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics and English.',
        careerOpportunities: 'Accountant, auditor, tax consultant, financial analyst, internal control officer.',
        courses: [
          c('Financial Accounting I', 'Double entry, financial statements and accounting standards.', 1, 1),
          c('Business Mathematics', 'Mathematics of finance and business decisions.', 1, 2),
          c('Management Accounting', 'Costing, budgeting and performance measurement.', 2, 1),
          c('Taxation', 'Zambian income tax, VAT and tax planning.', 3, 2),
        ],
      },
      {
        name: 'Bachelor of Science in Information Technology',
        faculty: 'School of Information and Communication Technology',
        durationYears: 4,
        description: 'Networks, web and mobile development, information security and IT service management.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics and English.',
        careerOpportunities: 'IT support engineer, network engineer, web developer, information security analyst.',
        courses: [
          c('Computer Fundamentals', 'Hardware, operating systems and office productivity.', 1, 1),
          c('Web Development', 'HTML, CSS, JavaScript and server-side basics.', 2, 1),
          c('Computer Networks', 'Network layers, routing, switching and wireless networks.', 2, 2),
          c('Information Security', 'Threats, cryptography and secure system administration.', 3, 2),
        ],
      },
    ],
  },
  {
    key: 'mu',
    name: 'Mulungushi University',
    location: 'Kabwe',
    website: 'https://www.mu.ac.zm',
    contactInfo: 'Great North Road Campus, P.O. Box 80415, Kabwe · info@mu.ac.zm',
    about:
      'A public university established in 2008 in Kabwe, Central Province, Mulungushi University offers business, agriculture, social sciences, education and engineering programmes with a focus on practical, entrepreneurial skills.',
    admin: { firstName: 'Bwalya', lastName: 'Mwansa', email: 'admin.mu@demo.uniportal.zm', phone: '+260971100003' },
    programs: [
      {
        name: 'Bachelor of Business Administration',
        faculty: 'School of Business Studies',
        durationYears: 4,
        description: 'Management, marketing, finance and entrepreneurship for running and growing organisations.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics and English.',
        careerOpportunities: 'Business manager, marketing officer, entrepreneur, human resources officer, procurement officer.',
        courses: [
          c('Principles of Management', 'Planning, organising, leading and controlling.', 1, 1),
          c('Introduction to Marketing', 'Markets, customers and the marketing mix.', 1, 2),
          c('Entrepreneurship', 'From business idea to business plan.', 2, 1),
          c('Strategic Management', 'Analysis, choice and implementation of strategy.', 4, 1),
        ],
      },
      {
        name: 'Bachelor of Science in Agricultural Science',
        faculty: 'School of Agriculture and Natural Resources',
        durationYears: 4,
        description: 'Crop and animal production, soil science and agribusiness, with field work on the university farm.',
        requirements: 'Grade 12 certificate with five credits or better, including Biology or Agricultural Science, Chemistry or Science, Mathematics and English.',
        careerOpportunities: 'Agronomist, extension officer, farm manager, agribusiness entrepreneur, research assistant.',
        courses: [
          c('Introduction to Crop Science', 'Crop physiology and production systems.', 1, 1),
          c('Soil Science', 'Soil formation, fertility and management.', 2, 1),
          c('Animal Production', 'Livestock breeding, feeding and health.', 2, 2),
          c('Agribusiness Management', 'Farm records, marketing and finance.', 3, 2),
        ],
      },
      {
        name: 'Bachelor of Arts in Development Studies',
        faculty: 'School of Social Sciences',
        durationYears: 4,
        description: 'Theories and practice of development, project planning and monitoring, and rural livelihoods.',
        requirements: 'Grade 12 certificate with five credits or better, including English.',
        careerOpportunities: 'Development officer, project coordinator, monitoring and evaluation officer, NGO programme officer.',
        courses: [
          c('Introduction to Development Studies', 'Concepts and history of development.', 1, 1),
          c('Project Planning and Management', 'Project cycle, logical frameworks and budgets.', 2, 2),
          c('Monitoring and Evaluation', 'Indicators, data collection and impact evaluation.', 3, 1),
        ],
      },
    ],
  },
  {
    key: 'unilus',
    name: 'University of Lusaka',
    location: 'Lusaka',
    website: 'https://www.unilus.ac.zm',
    contactInfo: 'Pioneer Campus, Alick Nkhata Road, Lusaka · admissions@unilus.ac.zm',
    about:
      'The University of Lusaka (UNILUS) is a private university founded in 2008, offering full-time, part-time and distance programmes in law, business, health sciences and social sciences to school leavers and working professionals.',
    admin: { firstName: 'Mutale', lastName: 'Zulu', email: 'admin.unilus@demo.uniportal.zm', phone: '+260971100004' },
    programs: [
      {
        name: 'Bachelor of Laws (LLB)',
        faculty: 'School of Law',
        durationYears: 4,
        description: 'A practice-oriented law degree with legal clinic work and a dissertation.',
        requirements: 'Grade 12 certificate with five credits or better, including English.',
        careerOpportunities: 'Advocate (after ZIALE), legal officer, compliance officer, company secretary.',
        courses: [
          c('Introduction to Law', 'The Zambian legal system and legal reasoning.', 1, 1),
          c('Law of Torts', 'Negligence, nuisance, defamation and liability.', 2, 1),
          c('Land Law', 'Land tenure, title and conveyancing in Zambia.', 3, 1),
          c('Legal Clinic', 'Supervised legal aid work with real clients.', 4, 1),
        ],
      },
      {
        name: 'Bachelor of Science in Nursing',
        faculty: 'School of Health Sciences',
        durationYears: 4,
        description: 'Nursing science with clinical placements in Lusaka hospitals and community health settings.',
        requirements: 'Grade 12 certificate with credits or better in Biology, Chemistry or Science, Mathematics and English.',
        careerOpportunities: 'Registered nurse, clinical nurse specialist, community health nurse, nurse educator.',
        courses: [
          c('Fundamentals of Nursing', 'Nursing care, procedures and professional ethics.', 1, 1),
          c('Anatomy and Physiology for Nurses', 'Structure and function of the body systems.', 1, 2),
          c('Medical-Surgical Nursing', 'Care of adults with medical and surgical conditions.', 2, 2),
          c('Community Health Nursing', 'Primary health care and health promotion.', 3, 1),
          c('Midwifery', 'Care in pregnancy, childbirth and after birth.', 4, 1),
        ],
      },
      {
        name: 'Bachelor of Business Administration in Banking and Finance',
        faculty: 'School of Business',
        durationYears: 4,
        description: 'Banking operations, financial markets, credit and risk management.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics and English.',
        careerOpportunities: 'Bank officer, credit analyst, relationship manager, investment analyst.',
        courses: [
          c('Principles of Banking', 'The banking system, deposits, lending and payments.', 1, 1),
          c('Financial Markets', 'Money, capital and foreign exchange markets.', 2, 1),
          c('Credit Risk Management', 'Credit analysis, scoring and portfolio risk.', 3, 2),
        ],
      },
    ],
  },
  {
    key: 'mukuba',
    name: 'Mukuba University',
    location: 'Kitwe',
    website: 'https://www.mukuba.edu.zm',
    contactInfo: 'Freedom Avenue, P.O. Box 20382, Kitwe · info@mukuba.edu.zm',
    about:
      "Mukuba University in Kitwe grew out of the Copperbelt College of Education and became a public university in 2013. It trains secondary school teachers in mathematics, sciences, business and technology subjects for Zambia's schools.",
    admin: { firstName: 'Kondwani', lastName: 'Tembo', email: 'admin.mukuba@demo.uniportal.zm', phone: '+260971100005' },
    programs: [
      {
        name: 'Bachelor of Science with Education (Mathematics)',
        faculty: 'School of Mathematics and Natural Sciences',
        durationYears: 4,
        description: 'University mathematics with teaching methods and school experience, preparing secondary mathematics teachers.',
        requirements: 'Grade 12 certificate with five credits or better, including a merit or better in Mathematics and a credit in English.',
        careerOpportunities: 'Secondary school mathematics teacher, education officer, curriculum developer.',
        courses: [
          c('Calculus I', 'Limits, derivatives and integrals of one variable.', 1, 1),
          c('Linear Algebra', 'Vectors, matrices and linear transformations.', 1, 2),
          c('Mathematics Teaching Methods', 'Planning and teaching secondary mathematics.', 3, 1),
          c('School Teaching Experience', 'A supervised teaching term in a secondary school.', 4, 1),
        ],
      },
      {
        name: 'Bachelor of Science with Education (Chemistry and Biology)',
        faculty: 'School of Mathematics and Natural Sciences',
        durationYears: 4,
        description: 'Chemistry and biology with laboratory practice and science teaching methods.',
        requirements: 'Grade 12 certificate with five credits or better, including Chemistry, Biology, Mathematics and English.',
        careerOpportunities: 'Secondary school science teacher, laboratory technologist, science education officer.',
        courses: [
          c('General Chemistry', 'Atomic structure, bonding and reactions.', 1, 1),
          c('Cell Biology', 'Cell structure, function and division.', 1, 2),
          c('Organic Chemistry', 'Carbon compounds and their reactions.', 2, 1),
          c('Science Teaching Methods', 'Practical work and inquiry in the science classroom.', 3, 1),
        ],
      },
      {
        name: 'Bachelor of Education in Business Studies',
        faculty: 'School of Business and Humanities',
        durationYears: 4,
        description: 'Accounting, commerce and entrepreneurship for teachers of business subjects.',
        requirements: 'Grade 12 certificate with five credits or better, including Mathematics, English and Principles of Accounts or Commerce.',
        careerOpportunities: 'Secondary school business studies teacher, school bursar, training officer.',
        courses: [
          c('Principles of Accounts', 'Bookkeeping and financial statements.', 1, 1),
          c('Commerce', 'Trade, money, banking and insurance.', 1, 2),
          c('Business Studies Teaching Methods', 'Teaching accounts, commerce and entrepreneurship.', 3, 1),
        ],
      },
    ],
  },
];

/* ---------- admission rounds (issue 16) ---------- */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoIntake {
  name: string;
  opensAt: Date;
  closesAt: Date;
  /** Places per program, by the program's position in the university's list; null: unlimited. */
  capacityOf: (programIndex: number) => number | null;
  fees: { category: 'ZAMBIAN' | 'SADC' | 'INTERNATIONAL'; amount: number; currency: 'ZMW' | 'USD' }[];
}

/** UNZA's fee table: ZMW 150 for Zambian citizens, USD 60 for everyone else. */
export const DEMO_UNZA_FEES: DemoIntake['fees'] = [
  { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
  { category: 'SADC', amount: 60, currency: 'USD' },
  { category: 'INTERNATIONAL', amount: 60, currency: 'USD' },
];

/**
 * Each demo university's intakes, relative to when the data is loaded: one
 * open (opened two weeks ago, closing in about a month) offering every
 * program, the first two with a few places, and last year's, closed. Only
 * one is open, so clients that never name an intake still apply into it.
 */
export function demoIntakes(universityKey: string, loadedAt: Date): DemoIntake[] {
  const year = loadedAt.getUTCFullYear();
  const at = (days: number) => new Date(loadedAt.getTime() + days * DAY_MS);
  return [
    {
      name: `${year} main intake`,
      opensAt: at(-14),
      closesAt: at(30),
      capacityOf: (index) => (index === 0 ? 2 : index === 1 ? 25 : null),
      fees: universityKey === 'unza' ? DEMO_UNZA_FEES : [],
    },
    { name: `${year - 1} main intake`, opensAt: at(-380), closesAt: at(-350), capacityOf: () => null, fees: [] },
  ];
}

export const DEMO_PASSWORDS = {
  superuser: 'Demo-Super-Lusaka-26',
  admin: 'Demo-Admin-Kitwe-26',
  applicant: 'Demo-Student-Kabwe-26',
} as const;

export const DEMO_SUPERUSER = { firstName: 'Mwila', lastName: 'Banda', email: 'superuser@demo.uniportal.zm', phone: '+260971100000' };
export const DEMO_APPLICANT = { firstName: 'Thandiwe', lastName: 'Lungu', email: 'applicant@demo.uniportal.zm', phone: '+260971200000' };

export interface DemoLogin {
  role: 'SUPERUSER' | 'ADMIN' | 'USER';
  email: string;
  password: string;
  /** The university an ADMIN belongs to. */
  university?: string;
}

/** Every demo login, for the start script and the README. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'SUPERUSER', email: DEMO_SUPERUSER.email, password: DEMO_PASSWORDS.superuser },
  ...DEMO_UNIVERSITIES.map((u) => ({ role: 'ADMIN' as const, email: u.admin.email, password: DEMO_PASSWORDS.admin, university: u.name })),
  { role: 'USER', email: DEMO_APPLICANT.email, password: DEMO_PASSWORDS.applicant },
];
