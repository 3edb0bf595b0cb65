/** "Nov 23, 1:40 PM": when something was made, in lists and headers. */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * "42 s", "17 min", "2 h 5 min": a length of time counted down to the unit below the largest, never rounded up, so
 * a machine that has run 50 seconds reads "50 s" rather than "0 min", and two screens showing the same time agree.
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
