import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each(['ada@example.com', ' ada.lovelace+apply@unza.zm ', 'a@b.co'])('accepts %p', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
  it.each(['', 'ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])('refuses %p', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });
});
