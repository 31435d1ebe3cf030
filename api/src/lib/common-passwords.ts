/**
 * A small built-in list of the passwords most often found in breaches (the
 * top of the public "most common passwords" lists), compared case-insensitively.
 * Passwords shorter than the minimum length are refused anyway; the list keeps
 * those of 8 characters or more plus a few predictable local variants.
 */
const COMMON = [
  '12345678', '123456789', '1234567890', '12345678910', '11111111', '00000000', '88888888', '87654321',
  '123123123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwertyui',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'iloveyou', 'iloveyou1', 'princess', 'sunshine', 'football', 'baseball', 'superman', 'starwars',
  'whatever', 'trustno1', 'letmein1', 'welcome1', 'welcome123', 'abc12345', 'abcd1234', 'a1b2c3d4',
  'aa123456', 'asdfghjkl', 'asdf1234', 'zxcvbnm1', 'zaq12wsx', 'computer', 'michelle', 'jennifer',
  'corvette', 'mercedes', 'internet', 'liverpool', 'chelsea1', 'arsenal1', 'samsung1', 'shadow12',
  'dragon12', 'monkey12', 'master12', 'changeme', 'changeme1', 'admin123', 'admin1234', 'administrator',
  'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'secret123', 'test1234', 'testtest', 'football1', 'baseball1',
  'welcome!', 'letmein!', 'password2024', 'password2025', 'password2026', 'zambia123', 'zambia2024',
  'zambia2025', 'zambia2026', 'lusaka123', 'university', 'university1', 'student123', 'student1',
  'uniportal', 'uniportal1', 'uniportal123', 'portal123',
];

const SET = new Set(COMMON.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (SET.has(lower)) return true;
  // One character repeated, or a run of one to three characters repeated ("abcabcabc").
  return /^(.{1,3})\1+$/.test(lower);
}

export const COMMON_PASSWORD_MESSAGE = 'password: is too common and easy to guess; please choose another';
