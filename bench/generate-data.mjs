// Fills a PostgreSQL database of the portal with a realistic volume, set-based
// (generate_series), so 100,000 applications take seconds, not hours:
// universities with 30 programs each and 10 courses per program, one applicant
// per application, 1–3 program choices of the same university, two history
// entries each and a payment for about half of them (issue 8.5).
//   node bench/generate-data.mjs <database-url> [applications] [universities]
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const require = createRequire(path.join(ROOT, 'api', 'package.json'));
const pg = require('pg');
const { hash } = require('@node-rs/argon2');

export const BENCH_PASSWORD = 'Bench-Applicant-2026';

export async function fillDatabase(url, { universities = 100, applications = 1000, reuseCatalogue = false } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('begin');
    if (!reuseCatalogue && universities > 0) {
      await client.query(
        `insert into universities (name, location, about, website, contact_info)
         select 'Bench University ' || g, (array['Lusaka','Kitwe','Ndola','Kabwe','Livingstone'])[1 + g % 5],
                'A public university established to widen access to higher education. Campus ' || g,
                'https://uni' || g || '.example.zm', '+260 97' || lpad(g::text, 7, '0')
         from generate_series(1, $1::int) g`,
        [universities],
      );
      await client.query(
        `insert into programs (university_id, name, description, duration_years, faculty, requirements, career_opportunities)
         select u.id, 'Bench Program ' || p || ' of ' || u.id, 'A program of study with lectures, labs and a project.', 1 + p % 5,
                (array['Computer Science','Business','Engineering','Arts'])[1 + p % 4], 'Grade 12 certificate with five credits', 'Industry and research'
         from universities u cross join generate_series(1, 30) p where u.name like 'Bench University %'`,
      );
      await client.query(
        `insert into courses (program_id, university_id, course_name, course_description, semester, year)
         select p.id, p.university_id, 'Course ' || c || ' of program ' || p.id, 'Weekly lectures and tutorials.', 1 + c % 2, 1 + c % 4
         from programs p cross join generate_series(1, 10) c where p.name like 'Bench Program %'`,
      );
    }
    const passwordHash = await hash(BENCH_PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const {
      rows: [{ start }],
    } = await client.query(`select coalesce(max(id), 0) as start from users`);
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, phone, role, consent_at, consent_version)
       select 'bench' || ($3::int + g) || '@applicant.example.zm', $2, 'Chileshe' || g, 'Mwale' || g, '+26097' || lpad(g::text, 7, '0'), 'USER', now(), '2026-11'
       from generate_series(1, $1::int) g`,
      [applications, passwordHash, Number(start)],
    );
    await client.query(`create temporary table bench_ranked_programs on commit drop as
      select id, university_id, row_number() over (partition by university_id order by id) as rank,
             count(*) over (partition by university_id) as total from programs`);
    await client.query(`create index on bench_ranked_programs (university_id, rank)`);
    await client.query(
      `with unis as (select array_agg(distinct university_id order by university_id) as ids from programs),
       applicants as (select id, row_number() over (order by id) as rn from users where email like 'bench%@applicant.example.zm' and id > $1::int),
       -- One in ten applications goes to the first university (a large university
       -- draws more), so a staff page of it is full at every size; the rest spread
       -- evenly. The status is hashed, so it does not follow the university.
       placed as (select a.id, a.rn, unis.ids[case when a.rn % 10 = 0 then 1 else 1 + (a.rn / 10) % cardinality(unis.ids) end] as university_id,
                         abs(hashint8(a.rn)::bigint) % 10 as status_index
                  from applicants a, unis)
       insert into applications (user_id, university_id, status, full_name, gender, email, phone_number, date_of_birth, nationality, province,
                                 national_reg_number, country, city, highest_qualification, institution_attended, paid, created_at, updated_at)
       select a.id, a.university_id,
              (array['PENDING','PENDING','PENDING','PENDING','PENDING_REVIEW','PENDING_REVIEW','APPROVED','APPROVED','REJECTED','SUBMITTED'])[1 + a.status_index],
              'Chileshe' || a.rn || ' Mwale' || a.rn, (array['Male','Female'])[1 + a.rn % 2], 'bench' || a.id || '@applicant.example.zm',
              '+26097' || lpad(a.rn::text, 7, '0'), '2005-01-01', 'Zambian', 'Lusaka', lpad(a.rn::text, 6, '0') || '/10/1', 'Zambia', 'Lusaka',
              'Grade 12', 'Kabulonga Secondary', a.status_index between 4 and 8,
              now() - ((a.rn % 365) || ' days')::interval - ((a.rn % 86400) || ' seconds')::interval,
              now() - ((a.rn % 365) || ' days')::interval
       from placed a`,
      [Number(start)],
    );
    await client.query(
      `insert into application_choices (application_id, program_id, priority)
       select ap.id, rp.id, k
       from applications ap
       cross join lateral generate_series(1, 1 + ap.id % 3) k
       join lateral (select count(*) as total from bench_ranked_programs where university_id = ap.university_id) t on true
       join bench_ranked_programs rp on rp.university_id = ap.university_id and rp.rank = 1 + ((ap.id + k * 7) % t.total)
       where ap.email like 'bench%@applicant.example.zm'
         and not exists (select 1 from application_choices c where c.application_id = ap.id)
         and t.total >= 3`,
    );
    await client.query(
      `insert into application_history (application_id, kind, from_value, to_value, note, created_at)
       select id, 'STATUS', null, 'PENDING', 'Application submitted', created_at from applications where email like 'bench%@applicant.example.zm'
       union all
       select id, 'STATUS', 'PENDING', status, 'Reviewed', updated_at from applications where email like 'bench%@applicant.example.zm' and status <> 'PENDING'`,
    );
    await client.query(
      `insert into payments (application_id, user_id, reference, amount, currency, status, provider_status, channel, paid_at, created_at, updated_at)
       select id, user_id, 'BENCH-' || id, 150.75, 'ZMW', case when paid then 'successful' else 'pending' end,
              case when paid then 'successful' else 'pending' end, (array['card','mobile-money'])[1 + id % 2],
              case when paid then created_at end, created_at, created_at
       from applications where email like 'bench%@applicant.example.zm' and (paid or id % 3 = 0)`,
    );
    await client.query('commit');
    await client.query('analyze');
    const {
      rows: [counts],
    } = await client.query(
      `select (select count(*) from universities)::int as universities, (select count(*) from programs)::int as programs,
              (select count(*) from courses)::int as courses, (select count(*) from applications)::int as applications,
              (select count(*) from application_history)::int as history, (select count(*) from payments)::int as payments`,
    );
    return { ...counts, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [url, applications = '1000', universities = '100'] = process.argv.slice(2);
  if (!url) {
    console.error('usage: generate-data.mjs <database-url> [applications] [universities]');
    process.exit(2);
  }
  console.log(await fillDatabase(url, { applications: Number(applications), universities: Number(universities) }));
}
