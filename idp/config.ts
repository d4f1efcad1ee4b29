/**
 * The settings the embedded identity provider needs (README "Paramètres").
 * server/config.ts reads and validates the environment, and its `Config`
 * extends this type: server/app.ts passes the whole configuration in, idp/
 * never imports server/ (docs/architecture.md).
 */
export interface IdpConfig {
  /** Public address of the portal, without trailing slash (redirects, links of the pages). */
  publicUrl: string;
  /** `iss` of the tokens: `${publicUrl}/realms/mar_users` by default. */
  oidcIssuer: string;
  /** The portal's public client (PKCE). */
  oidcClientId: string;
  /** `aud` of the access tokens, the API's. */
  oidcAudience: string;
  /** Secret of the portal: cookie keys, signed device cookies, pseudonyms in the logs. */
  sessionSecret: string;
  /** Failed sign-ins allowed per IP and per account before 429 (ADR 0010). */
  loginRateLimit: { perIp: number; perAccount: number };
  /** Behind a proxy: trust `X-Forwarded-*` for the client's address and protocol. */
  trustProxy: boolean;
}
