/**
 * Profile sync: when the signed-in uid changes to a new, non-empty uid, the profile goes to
 * `POST /auth/auth` once per uid. A failure is only logged; the user sees nothing.
 */
import type { ProfileSyncBody, ProfileSyncResponse } from '~/contract/api';
import type { ApiClient } from '~/lib/api/client';

export interface ProfileSource {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  getIdToken(): Promise<string>;
}

export function profilePayload(user: ProfileSource): ProfileSyncBody {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

export async function sendProfile(client: Pick<ApiClient, 'post'>, user: ProfileSource): Promise<ProfileSyncResponse> {
  const token = await user.getIdToken();
  return client.post<ProfileSyncResponse>('/auth/auth', profilePayload(user), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  });
}

/**
 * Returns a function to call with every uid the auth state reports (null when signed out). It calls `send` the
 * first time it sees each non-empty uid and never again for that uid, even after signing out and back in.
 */
export function createProfileSync(
  send: (uid: string) => Promise<unknown>,
  logFailure: (error: unknown) => void = (error) => console.error('Profile sync failed', error),
): (uid: string | null | undefined) => Promise<void> {
  const seen = new Set<string>();
  return async (uid) => {
    if (!uid || seen.has(uid)) return;
    seen.add(uid);
    try {
      await send(uid);
    } catch (error) {
      logFailure(error);
    }
  };
}
