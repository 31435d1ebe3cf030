/**
 * The answers a wizard rendered on the server for its applicant came with
 * (decision 013, api/page-data.ts): read once, at the first render, so the
 * browser adopts the server's form without asking again, and forgotten after
 * it, so coming back later asks the API. A record the server found missing
 * (404) arrives as null: for the draft that means 'none on the server'; for
 * the rest the screen asks the API itself and shows what it answers.
 */
import { useEffect, useState } from 'react';
import { forgetPreloadedResponse, usePreloadedResponse, type Application, type Draft, type Intake, type Program, type University } from 'shared-api';
import { wizardPageData } from '../api/page-data';

export interface RenderedWizardData {
  university?: University;
  programs?: Program[];
  intakes?: Intake[];
  applications?: Application[];
  /** The applicant's draft on the server; null: none; undefined: the page came without an answer. */
  draft?: Draft | null;
}

export function useRenderedWizardData(universityId: number | null, userId: number | undefined): RenderedWizardData {
  const paths = {
    university: universityId === null ? '' : wizardPageData.university(universityId),
    programs: universityId === null ? '' : wizardPageData.programs(universityId),
    intakes: universityId === null ? '' : wizardPageData.intakes(universityId),
    applications: userId === undefined ? '' : wizardPageData.applications(userId),
    draft: wizardPageData.draft(),
  };
  const found = {
    university: usePreloadedResponse<University | null>(paths.university) ?? undefined,
    programs: usePreloadedResponse<Program[] | null>(paths.programs) ?? undefined,
    intakes: usePreloadedResponse<Intake[] | null>(paths.intakes) ?? undefined,
    applications: usePreloadedResponse<Application[] | null>(paths.applications) ?? undefined,
    draft: usePreloadedResponse<Draft | null>(paths.draft),
  };
  const [rendered] = useState<RenderedWizardData>(() => (universityId === null || userId === undefined ? {} : found));
  useEffect(() => {
    // Used once: a later visit to a wizard asks the server.
    for (const path of Object.values(paths)) if (path) forgetPreloadedResponse(path);
    // Once, for the page the app took over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return rendered;
}
