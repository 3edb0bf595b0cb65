/** A fresh OpenSSH ed25519 public key line (string "ssh-ed25519" + 32-byte key, each length-prefixed, base64). */
import { generateKeyPairSync } from 'node:crypto';

export function sshPublicKey(comment = 'test@nxn'): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ${comment}`;
}
