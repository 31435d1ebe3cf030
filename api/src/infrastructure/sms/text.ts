/**
 * SMS texts: one segment is 160 characters of the GSM 7-bit alphabet (the
 * extension characters count twice); anything else makes the whole text
 * UCS-2, 70 characters a segment. Texts are built to fit one GSM-7 segment:
 * `fitSms` replaces the few typographic characters that would switch the
 * encoding and shortens a part that is too long (a name), never the rest.
 */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';
export const SMS_SEGMENT = 160;

/** Septets the text takes in GSM-7, or null if it cannot be written in GSM-7. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) length += 1;
    else if (GSM7_EXTENDED.includes(ch)) length += 2;
    else return null;
  }
  return length;
}

const REPLACEMENTS: Array<[RegExp, string]> = [
  [/[‘’‚′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[–—]/g, '-'],
  [/…/g, '...'],
  [/\u00a0/g, ' '],
];

/** The text in GSM-7 where characters have plain equivalents (accents outside the alphabet lose them). */
export function toGsm7(text: string): string {
  let out = REPLACEMENTS.reduce((acc, [pattern, plain]) => acc.replace(pattern, plain), text);
  out = [...out]
    .map((ch) => {
      if (GSM7_BASIC.includes(ch) || GSM7_EXTENDED.includes(ch)) return ch;
      const stripped = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return gsm7Length(stripped) === null ? '?' : stripped;
    })
    .join('');
  return out;
}

/**
 * Builds a text from a template whose `{name}`-like part may be shortened:
 * `make(part)` is called with `part` cut down (with '...') until the text
 * fits one segment; if even an empty part does not fit, the full text is kept
 * (the provider sends it in several segments).
 */
export function fitSms(make: (part: string) => string, part: string): string {
  const full = toGsm7(make(toGsm7(part)));
  if ((gsm7Length(full) ?? Infinity) <= SMS_SEGMENT) return full;
  const plainPart = toGsm7(part);
  for (let keep = plainPart.length - 1; keep >= 0; keep -= 1) {
    const candidate = toGsm7(make(keep === 0 ? '' : `${plainPart.slice(0, keep).trimEnd()}...`));
    if ((gsm7Length(candidate) ?? Infinity) <= SMS_SEGMENT) return candidate;
  }
  return full;
}
