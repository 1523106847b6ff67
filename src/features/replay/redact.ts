/**
 * Secrets never reach the action log. `redact` returns a JSON copy of a value (the same copy JSON.stringify →
 * JSON.parse would give) in which
 * - the value of any key matching SECRET_KEY (password, token, authorization, mqtt_passwd, appKey, appLicense,
 *   secret, … case-insensitive, anywhere in the key: accessToken, refresh_token, clientSecret) is "[REDACTED]"
 *   unless it is null or "" (an absent secret stays absent, so "logged out" still reads as logged out);
 * - any string carrying an HTTP credential ("Bearer …", "Basic …"), a JWT, or a URL with a password in it
 *   ("ws://user:pass@host", e.g. a broker address) is "[REDACTED]".
 */
export const REDACTED = '[REDACTED]';

export const SECRET_KEY = /passw(or)?d|token|authorization|mqtt_?passwd|app_?key|app_?license|secret|credential/i;
const CREDENTIAL_STRING = /\b(bearer|basic)\s+[\w\-.~+/=]{6,}|\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*|\b[a-z][\w+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function redactString(value: string): string {
  return CREDENTIAL_STRING.test(value) ? REDACTED : value;
}

export function redact<T = unknown>(value: T): T {
  const text = JSON.stringify(value, function replacer(key, v: unknown) {
    if (key !== '' && isSecretKey(key) && v !== null && v !== undefined && v !== '') return REDACTED;
    if (typeof v === 'string') return redactString(v);
    return v;
  });
  return text === undefined ? (undefined as T) : (JSON.parse(text) as T);
}
