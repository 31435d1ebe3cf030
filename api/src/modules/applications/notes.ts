/**
 * Reviewer notes (issue 17): internal to the staff of the application's
 * university (an ADMIN of it, or a SUPERUSER). They never reach an applicant:
 * no applicant response, export or e-mail reads this table. The spec's
 * `reviewNotes` stays what the applicant sees.
 */
import type { ReviewerNote } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { findApplicationRow, insertNote, notesOf, type NoteData } from './queries';
import { recordHistory } from './history';
import { APPLICATION_NOT_FOUND, canDecide } from './reach';

function toNote(note: NoteData): ReviewerNote {
  return {
    id: note.id,
    at: note.at.toISOString(),
    text: note.text,
    author: note.authorId !== null ? { id: note.authorId, name: `${note.authorFirstName ?? ''} ${note.authorLastName ?? ''}`.trim() } : null,
  };
}

async function applicationForStaff(ctx: AppContext, caller: Caller, applicationId: number): Promise<void> {
  const app = await findApplicationRow(ctx.db, applicationId);
  if (!app || !canDecide(caller, app)) throw notFound(APPLICATION_NOT_FOUND);
}

export async function listNotes(ctx: AppContext, caller: Caller, applicationId: number): Promise<ReviewerNote[]> {
  await applicationForStaff(ctx, caller, applicationId);
  return (await notesOf(ctx.db, applicationId)).map(toNote);
}

export async function addNote(ctx: AppContext, caller: Caller, applicationId: number, text: string, ip: string | null): Promise<ReviewerNote> {
  await applicationForStaff(ctx, caller, applicationId);
  // The timeline says who wrote a note and when (issue 17 item 7), never what it says; staff only.
  const note = await ctx.db.transaction(async (tx) => {
    const written = await insertNote(tx, { applicationId, authorId: caller.id, text });
    await recordHistory(tx, { applicationId, kind: 'NOTE', note: 'Internal note added', actorId: caller.id });
    return written;
  });
  // The audit log says a note was written, never what it says.
  await audit(ctx, { actorId: caller.id, actorEmail: caller.email, action: 'application.note', target: `application:${applicationId}`, outcome: 'success', ip, detail: null });
  return toNote(note);
}
