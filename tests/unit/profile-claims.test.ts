import { describe, expect, it } from 'vitest';
import { profileFromToken } from '~/server/features/account/profiles.ts';

describe('the profile a verified token describes', () => {
  it('takes e-mail, name and photo from the token claims', () => {
    expect(
      profileFromToken({
        uid: 'u1',
        email: 'ada@example.com',
        name: 'Ada',
        picture: 'https://example.com/a.png',
        emailVerified: false,
        adminClaim: false,
        exp: 1,
      }),
    ).toEqual({
      uid: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: 'https://example.com/a.png',
    });
  });

  it('leaves out a claim the profile rules would refuse instead of storing it', () => {
    expect(
      profileFromToken({
        uid: 'u2',
        email: null,
        name: 'Ada\u0000',
        picture: 'javascript:alert(1)',
        emailVerified: false,
        adminClaim: false,
        exp: 1,
      }),
    ).toEqual({
      uid: 'u2',
      email: null,
      displayName: null,
      photoURL: null,
    });
  });
});
