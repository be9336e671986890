// Google sign-in: the client's ID token is verified against Google's JWKS (jose), the audience being
// one of the allowed client ids.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleVerifier {
  verify(idToken: string, clientId: string): Promise<GoogleIdentity | null>;
}

export class JoseGoogleVerifier implements GoogleVerifier {
  private readonly jwks: JWTVerifyGetKey;

  constructor(private readonly options: { jwksUrl: string; clientIds: string[]; issuers: string[] }) {
    this.jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  }

  async verify(idToken: string, clientId: string): Promise<GoogleIdentity | null> {
    if (!this.options.clientIds.includes(clientId)) return null;
    try {
      const { payload } = await jwtVerify(idToken, this.jwks, { audience: this.options.clientIds, issuer: this.options.issuers });
      if (typeof payload.sub !== 'string' || !payload.sub) return null;
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    } catch {
      return null;
    }
  }
}
