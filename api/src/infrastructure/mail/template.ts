/**
 * The one template of the notices an applicant is sent (issue 18): the same
 * words as a plain-text part and an HTML part, headed by the portal's name
 * and the university's, with one link to the page the notice is about and a
 * footer saying where the e-mails are chosen. Every value is escaped in the
 * HTML; nothing here carries a secret (a reset link is not a notice).
 */
import type { MailMessage } from './outbox';

export const PORTAL_NAME = 'UniPortal';

export interface Notice {
  to: string;
  subject: string;
  /** 'Dear Chileshe Mwamba,' */
  greeting: string;
  paragraphs: string[];
  /** The page the notice is about: a full URL on the portal's public address. */
  link: { label: string; url: string };
  /** The university the notice is from, if any. */
  universityName?: string | null;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function footer(publicUrl: string): string {
  return `You receive this e-mail from ${PORTAL_NAME}. Choose which messages you get by e-mail or SMS in Settings: ${publicUrl}/settings`;
}

/** The notice as a message with both parts. */
export function renderNotice(config: { publicUrl: string }, notice: Notice): MailMessage {
  const heading = notice.universityName ? `${notice.universityName} · ${PORTAL_NAME}` : PORTAL_NAME;
  const text = [heading, '', notice.greeting, '', ...notice.paragraphs.flatMap((p) => [p, '']), `${notice.link.label}: ${notice.link.url}`, '', '--', footer(config.publicUrl)].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(notice.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 16px;font-size:14px;color:#4b5563"><strong>${escapeHtml(PORTAL_NAME)}</strong>${notice.universityName ? ` &middot; ${escapeHtml(notice.universityName)}` : ''}</p>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px">${escapeHtml(notice.greeting)}</p>`,
    ...notice.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p style="margin:24px 0 0"><a href="${escapeHtml(notice.link.url)}" style="display:inline-block;background:#1565c0;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(notice.link.label)}</a></p>`,
    `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(notice.link.url)}</p>`,
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(footer(config.publicUrl))}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { to: notice.to, subject: notice.subject, text, html };
}

/**
 * A notice written as lines, as the older e-mails were ('Dear …,' first, an
 * empty line between paragraphs): the same words through the one template.
 */
export function renderNoticeLines(config: { publicUrl: string }, message: { to: string; subject: string; lines: string[]; link: Notice['link']; universityName?: string | null }): MailMessage {
  const [greeting = '', ...rest] = message.lines;
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of [...rest, '']) {
    if (line !== '') current.push(line);
    else if (current.length) {
      paragraphs.push(current.join('\n'));
      current = [];
    }
  }
  return renderNotice(config, { to: message.to, subject: message.subject, greeting, paragraphs, link: message.link, universityName: message.universityName ?? null });
}
