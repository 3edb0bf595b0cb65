/** "Nov 23, 1:40 PM": when something was made, in lists and headers. */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
