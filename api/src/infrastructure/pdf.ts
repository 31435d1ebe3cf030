/**
 * Server-built PDF documents (pdfkit, standard fonts, A4): a heading, a
 * subtitle, sections of labelled rows or paragraphs, and a footer. One shape
 * for every document the portal issues (payment receipts now, decision letters
 * later), so they look alike and are built in one place. The standard fonts
 * cover Latin-1 only: text outside it is replaced rather than garbled.
 */
import PDFDocument from 'pdfkit';

export interface PdfSection {
  heading?: string;
  /** Label and value pairs, printed as a two-column list. */
  rows?: ReadonlyArray<readonly [string, string]>;
  paragraphs?: readonly string[];
}

export interface PdfSpec {
  /** The document's title: its heading and its metadata title. */
  title: string;
  subtitle?: string;
  /** Who issues it, shown above the title. */
  issuer: string;
  sections: readonly PdfSection[];
  footer?: string;
}

const INK = '#1a1a1a';
const MUTED = '#555555';
const LABEL_WIDTH = 170;

/** Latin-1 only (the standard fonts' WinAnsi encoding); anything else becomes '?'. */
function latin1(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?');
}

export function renderPdf(spec: PdfSpec): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: latin1(spec.title), Author: latin1(spec.issuer), Producer: latin1(spec.issuer), Creator: latin1(spec.issuer) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(latin1(spec.issuer), { width });
    doc.moveDown(0.5);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(latin1(spec.title), { width });
    if (spec.subtitle) doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(latin1(spec.subtitle), { width });
    doc.moveDown(1);

    for (const section of spec.sections) {
      if (section.heading) {
        doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(latin1(section.heading), left, doc.y, { width });
        doc.moveDown(0.3);
      }
      for (const [label, value] of section.rows ?? []) {
        const top = doc.y;
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(10.5)
          .text(latin1(label), left, top, { width: LABEL_WIDTH - 10 });
        const labelBottom = doc.y;
        doc
          .fillColor(INK)
          .font('Helvetica')
          .fontSize(10.5)
          .text(latin1(value), left + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
        doc.y = Math.max(labelBottom, doc.y) + 4;
      }
      for (const paragraph of section.paragraphs ?? []) {
        doc.fillColor(INK).font('Helvetica').fontSize(10.5).text(latin1(paragraph), left, doc.y, { width });
        doc.moveDown(0.5);
      }
      doc.moveDown(0.8);
    }
    if (spec.footer) {
      doc.moveDown(1);
      doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(latin1(spec.footer), left, doc.y, { width });
    }
    doc.end();
  });
}
