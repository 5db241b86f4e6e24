/**
 * Password rules of sign-up, reset and change (the spec leaves them open; these follow NIST SP 800-63B in spirit:
 * length over composition, no obvious passwords):
 * - 8 to 200 characters (the schemas check the length as well, so the form shows it while typing);
 * - at least one letter and one digit;
 * - not the e-mail address, nor its part before the @ (case ignored);
 * - not one of the most common passwords.
 * @returns the messages of the rules broken (empty when the password is fine).
 */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('The password must be at least 8 characters.');
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) problems.push('The password must contain at least one letter and one digit.');
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0];
  if (lower === address || (local.length >= 3 && lower === local)) problems.push('The password must not be your e-mail address.');
  if (COMMON.has(lower)) problems.push('This password is too common; choose another one.');
  return problems;
}

const COMMON = new Set([
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', '12345678a', 'qwerty123', 'qwerty12', '1q2w3e4r',
  '1qaz2wsx', 'abc12345', 'abcd1234', 'a1b2c3d4', 'iloveyou1', 'admin123', 'welcome1', 'letmein1', 'zaq12wsx',
  'asdf1234', 'qwer1234', 'test1234', 'user1234', 'football1', 'monkey123', 'dragon123', 'sunshine1', 'trustno1',
]);
