import type { AppLoadContext } from "@remix-run/node";
import { decodeJwt } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { businessRoles } from "#contract/roles";
import type { PortalSettings, SessionData } from "./context";

/** Spec §9: the identity realm's scopes. */
type OAuth2Tokens = OAuth2Strategy.VerifyOptions["tokens"];

const SCOPES = ["openid", "email", "profile"];
/** Name prefix of remix-auth-oauth2's state cookies (one per sign-in attempt). */
export const STATE_COOKIE = "oauth2";

/** Keycloak's endpoint paths, also served by the embedded provider (idp/). */
export function oidcEndpoints(issuer: string) {
  const base = `${issuer}/protocol/openid-connect`;
  return {
    authorization: `${base}/auth`,
    token: `${base}/token`,
    endSession: `${base}/logout`,
    revocation: `${base}/revoke`,
  };
}

/**
 * Turns a token response into the session's data: the business roles come
 * from the access token's `realm_access.roles` (spec §6), the names from the
 * ID token.
 */
export function sessionDataFromTokens(tokens: OAuth2Tokens, previous?: SessionData): SessionData {
  const accessToken = tokens.accessToken();
  const access = decodeJwt(accessToken);
  let idToken: string | undefined = previous?.idToken;
  let identity: Record<string, unknown> = access;
  if ("id_token" in tokens.data) {
    idToken = tokens.idToken();
    identity = { ...access, ...decodeJwt(idToken) };
  }
  const realmAccess = access.realm_access as { roles?: unknown[] } | undefined;
  return {
    accessToken,
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : previous?.refreshToken,
    idToken,
    expiresAt: tokens.accessTokenExpiresAt().getTime(),
    user: {
      idIdp: String(access.sub),
      email: String(identity.email ?? ""),
      firstName: String(identity.given_name ?? ""),
      lastName: String(identity.family_name ?? ""),
      roles: businessRoles(realmAccess?.roles),
    },
  };
}

const authenticators = new Map<
  string,
  { authenticator: Authenticator<SessionData>; strategy: OAuth2Strategy<SessionData> }
>();

/**
 * The remix-auth authenticator with the OpenID Connect strategy (authorization
 * code + PKCE S256, public client `mar_frontend`), one per issuer.
 */
export function getAuthenticator(settings: PortalSettings) {
  const key = `${settings.oidcIssuer}|${settings.publicUrl}`;
  let entry = authenticators.get(key);
  if (!entry) {
    const endpoints = oidcEndpoints(settings.oidcIssuer);
    const strategy = new OAuth2Strategy<SessionData>(
      {
        clientId: settings.oidcClientId,
        clientSecret: null,
        authorizationEndpoint: endpoints.authorization,
        tokenEndpoint: endpoints.token,
        tokenRevocationEndpoint: endpoints.revocation,
        redirectURI: `${settings.publicUrl}/account/callback`,
        scopes: SCOPES,
        cookie: {
          name: STATE_COOKIE,
          path: "/account",
          httpOnly: true,
          sameSite: "Lax",
          ...(settings.publicUrl.startsWith("https:") ? { secure: true as const } : {}),
          // Spec §9: login state for callbacks expires after one hour.
          maxAge: 3600,
        },
      },
      async ({ tokens }) => sessionDataFromTokens(tokens),
    );
    const authenticator = new Authenticator<SessionData>().use(strategy, "oidc");
    entry = { authenticator, strategy };
    authenticators.set(key, entry);
  }
  return entry;
}

/** Convenience for loaders: the strategy configured for this portal. */
export function getStrategy(context: AppLoadContext) {
  return getAuthenticator(context.settings).strategy;
}
