import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import { universitiesApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities, readCachedUniversities, sessionWriter, useAuth, type CachedUniversity } from 'shared-auth';
import { reloadPage } from '../../lib/browser';

/**
 * SUPERUSER university context (spec §4): picking one saves it under
 * selectedUniversity and reloads; the empty option removes it and reloads.
 */
export function UniversitySelector() {
  const selected = useAuth((s) => s.selectedUniversity);
  // The list last seen shows at once; the server's answer replaces it (and is kept for next time).
  const [cached] = useState<CachedUniversity[]>(() => readCachedUniversities());
  const fresh = useServerData(async () => {
    const list = await universitiesApi.list();
    cacheUniversities(list);
    return list.map((u): CachedUniversity => ({ id: u.id, name: u.name }));
  }, []);
  const universities = fresh.data ?? cached;

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = Number(event.target.value);
    sessionWriter.selectUniversity(event.target.value === '' || !Number.isInteger(id) ? null : id);
    reloadPage();
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor="university-selector" sx={{ fontSize: 14, display: { xs: 'none', sm: 'inline' } }}>
        University
      </Box>
      {/* 180 px on a phone: 'Select University' in full (140 cut it to 'Select Univers'); the top bar wraps the name below. */}
      <Box
        component="select"
        id="university-selector"
        aria-label="University"
        value={selected === null ? '' : String(selected)}
        onChange={onChange}
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
