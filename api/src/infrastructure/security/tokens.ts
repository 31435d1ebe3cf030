/** Session tokens: HS256 JWTs carrying the spec's claims plus a token version and a session id. */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from 'shared-api/contract';
import type { Config } from '../../config';

export interface TokenSubject {
  id: number;
  email: string;
  phone: string | null;
  role: Role;
  universityId: number | null;
  name: string;
  tokenVersion: number;
  /** The server-side session (db sessions table) this token belongs to. */
  sessionId: string;
}

export interface VerifiedToken {
  userId: number;
  tokenVersion: number;
  sessionId: string;
}

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens that passed verification, with their time limits. A token's
   * signature, issuer and audience checks give the same answer every time, so
   * only the clock is checked again; what can revoke a token (its user's token
   * version, its session, archiving, deletion) is checked on every request by the caller
   * (infrastructure/http/access.ts). Verifying is otherwise an asynchronous WebCrypto job
   * on the thread pool for every signed-in request.
   */
  private readonly verified = new Map<string, { token: VerifiedToken; exp: number; nbf: number | undefined }>();

  constructor(private readonly config: Config['jwt']) {
    this.key = new TextEncoder().encode(config.secret);
  }

  sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({
      id: subject.id,
      email: subject.email,
      phone: subject.phone,
      role: subject.role,
      universityId: subject.universityId,
      name: subject.name,
      ver: subject.tokenVersion,
      sid: subject.sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject.id))
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .setIssuedAt()
      .setExpirationTime(`${this.config.expiresInSeconds}s`)
      .sign(this.key);
  }

  /** Null for anything but a valid, unexpired HS256 token of this issuer and audience. */
  async verify(token: string): Promise<VerifiedToken | null> {
    // Seconds, compared as jose compares them (valid while exp > now and nbf <= now).
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now && (known.nbf === undefined || known.nbf <= now)) return known.token;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.issuer,
        audience: this.config.audience,
        requiredClaims: ['sub', 'exp', 'ver', 'sid'],
      });
      const userId = Number(payload.sub);
      const tokenVersion = Number(payload.ver);
      const sessionId = payload.sid;
      if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion) || typeof sessionId !== 'string' || sessionId.length > 64) return null;
      const verified = { userId, tokenVersion, sessionId };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { token: verified, exp: payload.exp!, nbf: payload.nbf });
      return verified;
    } catch {
      return null;
    }
  }
}
