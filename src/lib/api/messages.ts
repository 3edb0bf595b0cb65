/** When every backend host fails, the user sees one of these, picked at random. Word for word. */
export const ALL_HOSTS_FAILED_MESSAGES = [
  'Oh my god error 🧐 Can you please try again?',
  'Oops something broke 😅 Please try again!',
  'Houston we have a problem 🚀 Try again please!',
  'Error 404: Success not found 😂 Please retry!',
  'Something went kaput 🤯 Can you try again?',
] as const;

export type AllHostsFailedMessage = (typeof ALL_HOSTS_FAILED_MESSAGES)[number];

/** `random` returns a number in [0, 1), like Math.random; injected so tests can pin the pick. */
export function pickAllHostsFailedMessage(random: () => number = Math.random): AllHostsFailedMessage {
  const index = Math.min(ALL_HOSTS_FAILED_MESSAGES.length - 1, Math.floor(random() * ALL_HOSTS_FAILED_MESSAGES.length));
  return ALL_HOSTS_FAILED_MESSAGES[Math.max(0, index)] ?? ALL_HOSTS_FAILED_MESSAGES[0];
}
