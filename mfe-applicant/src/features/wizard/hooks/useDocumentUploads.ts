/**
 * Uploads each chosen document as soon as it is chosen (issue 19), through
 * the resumable uploads (lib/resumable-upload.ts, loaded with the first document):
 * per-document progress, paused while the browser is offline and resumed
 * when the network returns, resumed from the server's offset after a reload
 * (the files come back from the wizard's file store). One document is sent
 * at a time, the others queued: on a slow uplink nothing is gained by
 * sending in parallel, and a cut then loses at most one chunk. Submit names
 * the uploads instead of sending the files (`whenSettled`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from 'shared-api';
import type { ChosenFiles } from '../model';
import type { ResumableUpload } from '../../../lib/resumable-upload';

export type UploadState = { status: 'queued' } | { status: 'uploading'; percent: number } | { status: 'waiting' } | { status: 'uploaded'; uploadId: string } | { status: 'failed'; message: string };
export type UploadStates = Partial<Record<DocumentType, UploadState>>;
/** Where this very file's resumable upload stands, for the server draft: finished (its id), still going, or none to use. */
export type UploadOfFile = { status: 'uploaded'; uploadId: string } | { status: 'pending' } | { status: 'none' };

interface Running {
  file: File;
  upload: ResumableUpload | null;
  /** Sending now: one document at a time, so a dropped connection loses at most one chunk. */
  active: boolean;
  /** The last progress shown, kept while waiting. */
  percent: number;
}

const loadResumable = () => import(/* webpackChunkName: "resumable-upload" */ '../../../lib/resumable-upload');

export function useDocumentUploads(userId: number, files: ChosenFiles, ready: boolean) {
  const [states, setStates] = useState<UploadStates>({});
  const running = useRef<Partial<Record<DocumentType, Running>>>({});
  const latest = useRef<UploadStates>({});
  const waiters = useRef(new Set<() => void>());

  const setState = useCallback((type: DocumentType, file: File | null, state: UploadState | undefined) => {
    // A late event of a replaced file says nothing about the new one.
    if (state && running.current[type]?.file !== file) return;
    const next = { ...latest.current };
    if (state) next[type] = state;
    else delete next[type];
    latest.current = next;
    setStates(next);
    for (const wake of [...waiters.current]) wake();
  }, []);

  /** Starts the next document waiting its turn, unless one is sending or the browser is offline. */
  const pump = useCallback(() => {
    if (navigator.onLine === false) return;
    const entries = DOCUMENT_TYPES.map((type) => [type, running.current[type]] as const);
    if (entries.some(([, entry]) => entry?.active)) return;
    const next = entries.find(([type, entry]) => entry?.upload && ['queued', 'waiting', 'uploading'].includes(latest.current[type]?.status ?? ''));
    if (!next) return;
    const [type, entry] = next;
    entry!.active = true;
    setState(type, entry!.file, { status: 'uploading', percent: entry!.percent });
    entry!.upload!.start();
  }, [setState]);

  useEffect(() => {
    if (!ready) return;
    for (const type of DOCUMENT_TYPES) {
      const file = files[type];
      const current = running.current[type];
      if (current?.file === file) continue;
      current?.upload?.pause();
      delete running.current[type];
      if (!file) {
        setState(type, null, undefined);
        continue;
      }
      const entry: Running = { file, upload: null, active: false, percent: 0 };
      running.current[type] = entry;
      setState(type, file, navigator.onLine === false ? { status: 'waiting' } : { status: 'queued' });
      const settle = (state: UploadState) => {
        entry.active = false;
        setState(type, file, state);
        pump();
      };
      void loadResumable()
        .then(({ resumableUpload }) => {
          if (running.current[type] !== entry) return;
          entry.upload = resumableUpload(userId, type, file, {
            onProgress: (percent) => {
              entry.percent = percent;
              if (entry.active) setState(type, file, { status: 'uploading', percent });
            },
            onSuccess: (uploadId) => settle({ status: 'uploaded', uploadId }),
            onError: (problem) => settle(problem.offline ? { status: 'waiting' } : { status: 'failed', message: problem.message }),
          });
          pump();
        })
        .catch(() => setState(type, file, { status: 'failed', message: 'The upload could not start. The file will be sent with the application.' }));
    }
    pump();
  }, [files, ready, userId, setState, pump]);

  useEffect(() => {
    const offline = () => {
      for (const type of DOCUMENT_TYPES) {
        const entry = running.current[type];
        const status = latest.current[type]?.status;
        if (!entry || status === 'uploaded' || status === 'failed') continue;
        if (entry.active) entry.upload?.pause();
        entry.active = false;
        setState(type, entry.file, { status: 'waiting' });
      }
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', pump);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', pump);
    };
  }, [setState, pump]);

  // Leaving the wizard stops sending; the uploads continue from their offsets when it opens again.
  useEffect(() => {
    const all = running.current;
    return () => {
      for (const type of DOCUMENT_TYPES) all[type]?.upload?.pause();
    };
  }, []);

  /**
   * Resolves once no chosen document is still uploading or waiting for the
   * network, with the finished uploads' ids (a failed one is sent with the application instead).
   */
  const whenSettled = useCallback(
    (chosen: readonly DocumentType[]) =>
      new Promise<Partial<Record<DocumentType, string>>>((resolve) => {
        const check = () => {
          const current = latest.current;
          if (chosen.some((type) => ['queued', 'uploading', 'waiting'].includes(current[type]?.status ?? ''))) return;
          waiters.current.delete(check);
          const ids: Partial<Record<DocumentType, string>> = {};
          for (const type of chosen) {
            const state = current[type];
            if (state?.status === 'uploaded') ids[type] = state.uploadId;
          }
          resolve(ids);
        };
        waiters.current.add(check);
        check();
      }),
    [],
  );

  /** The resumable upload of exactly this file (a replaced file's finished upload never stands for the new one). */
  const uploadOf = useCallback((type: DocumentType, file: File): UploadOfFile => {
    if (running.current[type]?.file !== file) return { status: 'none' };
    const state = latest.current[type];
    if (state?.status === 'uploaded') return { status: 'uploaded', uploadId: state.uploadId };
    if (state?.status === 'failed') return { status: 'none' };
    return { status: 'pending' };
  }, []);

  const forget = useCallback(async () => {
    const { forgetResumableUploads } = await loadResumable();
    await forgetResumableUploads(userId);
  }, [userId]);

  return { states, whenSettled, uploadOf, forget };
}
