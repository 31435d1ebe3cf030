import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { UNIVERSITIES_PATH, universitiesApi, useFormHandover, usePreloadedResponse, type University } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities, readCachedUniversities, sessionWriter, useAuth, type CachedUniversity } from 'shared-auth';
import { reloadPage } from '../../lib/browser';

/**
 * SUPERUSER university context (spec §4): picking one saves it under
 * selectedUniversity and reloads; the empty option removes it and reloads.
 */
export function UniversitySelector() {
  const selected = useAuth((s) => s.selectedUniversity);
  // A page the server rendered for this person carries the list it showed (decision 013): the first
  // render shows that one, as the server did. Else the list last seen shows at once. The server's
  // answer then replaces it (and is kept for next time).
  const preloaded = usePreloadedResponse<University[]>(UNIVERSITIES_PATH);
  const [cached] = useState<CachedUniversity[]>(() => preloaded?.map((u) => ({ id: u.id, name: u.name })) ?? readCachedUniversities());
  const fresh = useServerData(async () => {
    const list = await universitiesApi.list();
    cacheUniversities(list);
    return list.map((u): CachedUniversity => ({ id: u.id, name: u.name }));
  }, []);
  const universities = fresh.data ?? cached;

  const universityOf = (value: string) => (value === '' || !Number.isInteger(Number(value)) ? null : Number(value));
  const choose = (value: string) => {
    sessionWriter.selectUniversity(universityOf(value));
    reloadPage();
  };

  // On a page the server rendered for this person (decision 013) a university chosen before the
  // app took the page over is taken over with it, as a form's typing is, never lost: saved, and
  // the page reloads for it (the page shown is still being adopted, so it is left as it is).
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value }) => {
    if (name !== 'university' || universityOf(value) === selected) return;
    sessionWriter.rememberUniversity(universityOf(value));
    reloadPage();
  });

  return (
    <Box component="form" ref={form} noValidate onSubmit={(event) => event.preventDefault()} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor="university-selector" sx={{ fontSize: 14, display: { xs: 'none', sm: 'inline' } }}>
        University
      </Box>
      {/* 180 px on a phone: 'Select University' in full (140 cut it to 'Select Univers'); the top bar wraps the name below. */}
      <Box
        component="select"
        id="university-selector"
        name="university"
        aria-label="University"
        value={selected === null ? '' : String(selected)}
        onChange={(event) => choose(event.target.value)}
        sx={{ maxWidth: { xs: 180, sm: 260 }, p: '6px 8px', borderRadius: 1, border: '1px solid', borderColor: 'divider', bgcolor: 'background.paper', font: 'inherit' }}
      >
        <option value="">Select University</option>
        {universities.map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </Box>
    </Box>
  );
}
