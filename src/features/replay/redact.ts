/**
 * Secrets never reach the action log. `redact` returns a JSON copy of a value (the same copy JSON.stringify →
 * JSON.parse would give) in which
 * - the value of any key matching SECRET_KEY (password, token, authorization, mqtt_passwd, appKey, appLicense,
 *   secret, … case-insensitive, anywhere in the key: accessToken, refresh_token, clientSecret) is "[REDACTED]"
 *   unless it is null or "" (an absent secret stays absent, so "logged out" still reads as logged out);
 * - any string carrying an HTTP credential ("Bearer …", "Basic …"), a JWT, or a URL with a password in it
 *   ("ws://user:pass@host", e.g. a broker address) is "[REDACTED]";
 * - personal data is masked in any string: e-mail addresses become "[EMAIL]" and phone numbers (a mainland mobile
 *   number, or 7+ digits written as a phone with an optional +country code, spaces or dashes) "[PHONE]", so an
 *   exported log can be shared with QA without the users' contact details. Ids, serials, times and coordinates are
 *   kept: a phone needs its own digit run, not part of a word, a date or a decimal number.
 */
export const REDACTED = '[REDACTED]';

export const SECRET_KEY = /passw(or)?d|token|authorization|mqtt_?passwd|app_?key|app_?license|secret|credential/i;
const CREDENTIAL_STRING = /\b(bearer|basic)\s+[\w\-.~+/=]{6,}|\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*|\b[a-z][\w+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export const EMAIL_MASK = '[EMAIL]';
export const PHONE_MASK = '[PHONE]';
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi;
// A mainland mobile (1[3-9] + 9 digits), or +country code and 6+ digits in groups; not inside a longer digit run,
// a word, a decimal number or an ISO time.
const PHONE = /(?<![\w.:+-])(?:\+\d{1,3}[ -]?)?(?:1[3-9]\d{9}|\d{3,4}[ -]\d{3,4}[ -]?\d{3,4})(?![\w.:-])/g;

export function redactString(value: string): string {
  if (CREDENTIAL_STRING.test(value)) return REDACTED;
  return value.replace(EMAIL, EMAIL_MASK).replace(PHONE, PHONE_MASK);
}

export function redact<T = unknown>(value: T): T {
  const text = JSON.stringify(value, function replacer(key, v: unknown) {
    if (key !== '' && isSecretKey(key) && v !== null && v !== undefined && v !== '') return REDACTED;
    if (typeof v === 'string') return redactString(v);
    return v;
  });
  return text === undefined ? (undefined as T) : (JSON.parse(text) as T);
}
