import { checkPassword, generatePassword, hashPassword } from './password-hash';

describe('password hashing', () => {
  it('checks a password against its argon2id hash; an unknown account or a malformed hash matches nothing', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await checkPassword(stored, 'correct horse battery')).toBe(true);
    expect(await checkPassword(stored, 'wrong')).toBe(false);
    expect(await checkPassword(undefined, 'not a password of anyone')).toBe(false);
    expect(await checkPassword('not a hash', 'x')).toBe(false);
  });

  it('generates 24-character base64url passwords', () => {
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(generatePassword());
  });
});
