import { isTimeZone } from '~/contract/analytics';

/** The browser's IANA zone, or UTC when it reports none the API would accept. */
export function browserTimeZone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && isTimeZone(tz) ? tz : 'UTC';
  } catch {
    return 'UTC';
  }
}
