import { useEffect, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import { universitiesApi } from 'shared-api';
import { cacheUniversities, readCachedUniversities, sessionWriter, useAuth, type CachedUniversity } from 'shared-auth';
import { reloadPage } from '../../lib/browser';

/**
 * SUPERUSER university context (spec §4): picking one saves it under
 * selectedUniversity and reloads; the empty option removes it and reloads.
 */
export function UniversitySelector() {
  const selected = useAuth((s) => s.selectedUniversity);
  const [universities, setUniversities] = useState<CachedUniversity[]>(() => readCachedUniversities());

  useEffect(() => {
    let live = true;
    universitiesApi
      .list()
      .then((list) => {
        if (!live) return;
        cacheUniversities(list);
        setUniversities(list.map((u) => ({ id: u.id, name: u.name })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

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
      <Box
        component="select"
        id="university-selector"
        aria-label="University"
        value={selected === null ? '' : String(selected)}
        onChange={onChange}
        sx={{ maxWidth: { xs: 140, sm: 260 }, p: '6px 8px', borderRadius: 1, border: '1px solid', borderColor: 'divider', bgcolor: 'background.paper', font: 'inherit' }}
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
