/** Session tokens: HS256 JWTs carrying the spec's claims plus a token version. */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from 'shared-api/contract';
import type { Config } from '../config';

export interface TokenSubject {
  id: number;
  email: string;
  phone: string | null;
  role: Role;
  universityId: number | null;
  name: string;
  tokenVersion: number;
}

export interface VerifiedToken {
  userId: number;
  tokenVersion: number;
}

export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.issuer,
        audience: this.config.audience,
        requiredClaims: ['sub', 'exp', 'ver'],
      });
      const userId = Number(payload.sub);
      const tokenVersion = Number(payload.ver);
      if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion)) return null;
      return { userId, tokenVersion };
    } catch {
      return null;
    }
  }
}
