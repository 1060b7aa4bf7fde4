import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software (P-256, attestation "none"), so API suites can register a
 * passkey and sign in with it as a browser with a platform authenticator would, without a
 * browser: what @simplewebauthn/server verifies in better-auth's passkey plugin is real here
 * (challenge, origin, RP ID hash, signature, counter).
 */

type Cbor = number | Uint8Array | string | Map<number | string, Cbor>;

/** The CBOR (RFC 8949) of the few types WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export function softAuthenticator({ rpID, origin }: { rpID: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const clientData = (type: string, challenge: string) => JSON.stringify({ type, challenge, origin, crossOrigin: false });
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };
  // Flags: user present (0x01), user verified (0x04); attested credential data follows (0x40).
  const USER_PRESENT_AND_VERIFIED = 0x05;
  const ATTESTED = 0x40;

  return {
    credentialId: b64url(credentialId),
    /** The answer to registration options (generate-register-options). */
    register(options: { challenge: string }) {
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = Buffer.concat([
        sha256(rpID),
        Buffer.from([USER_PRESENT_AND_VERIFIED | ATTESTED]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer to authentication options (generate-authenticate-options), signed with the passkey's key. */
    authenticate(options: { challenge: string }) {
      counter++;
      const authenticatorData = Buffer.concat([sha256(rpID), Buffer.from([USER_PRESENT_AND_VERIFIED]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
