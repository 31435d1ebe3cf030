/**
 * The text of a PDF the API built (pdfkit, standard fonts): each content
 * stream is inflated and the strings of its TJ operators (hex, WinAnsi) are
 * joined, one line per operator. Enough to check what a document says.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)) {
      const text = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}
