import Provider, { errors, type ClientMetadata, type Configuration } from "oidc-provider";
import type { JWK } from "jose";
import type { Database } from "../api/db/client.ts";
import type { IdpConfig } from "./config.ts";
import type { Logger } from "pino";
import { accessTokenClaims, accountFinder } from "./accounts.ts";
import { createOidcAdapter } from "./adapter.ts";
import { deconnexionSansSession, terminerSessionSansConfirmation } from "./deconnexion.ts";
import { cookieKeys } from "./keys.ts";
import { cspNonce } from "./pages/layout.ts";
import { errorPage, loggedOutPage, logoutPage } from "./pages/messages.ts";

/** Path of the realm, as in Keycloak; the provider is mounted there. */
export const REALM_PATH = "/realms/mar_users";

/** Keycloak's endpoint paths under the realm (STACK-NOTES "OIDC"). */
export const KEYCLOAK_ROUTES = {
  authorization: "/protocol/openid-connect/auth",
  token: "/protocol/openid-connect/token",
  jwks: "/protocol/openid-connect/certs",
  end_session: "/protocol/openid-connect/logout",
  userinfo: "/protocol/openid-connect/userinfo",
  revocation: "/protocol/openid-connect/revoke",
  pushed_authorization_request: "/protocol/openid-connect/ext/par/request",
} as const;

/** Scopes the portal's client may obtain, and the resource scope of the API. */
export const CLIENT_SCOPES = "openid email profile offline_access";
export const API_SCOPES = "openid email profile";

const HOUR = 3600;
const ACCESS_TOKEN_TTL = 300;

/** French wording of the OAuth error codes a user may meet on the provider's own pages. */
const ERROR_MESSAGES: Record<string, string> = {
  invalid_request: "La demande de connexion est invalide ou incomplète.",
  invalid_client: "L'application qui demande la connexion n'est pas reconnue.",
  invalid_redirect_uri: "L'adresse de retour de la demande de connexion n'est pas autorisée.",
  session_not_found: "Votre demande de connexion a expiré. Veuillez recommencer.",
  access_denied: "La connexion a été refusée.",
  server_error: "Une erreur technique est survenue. Veuillez réessayer plus tard.",
};

type Features = NonNullable<Configuration["features"]>;
type CookieOptions = Parameters<typeof terminerSessionSansConfirmation>[1]["cookieOptions"];

/**
 * The portal, the provider's one public client: code + PKCE S256, refresh
 * tokens, back to its callback, and after sign-out to its login or home.
 */
function portalClient(config: IdpConfig, loginUrl: string): ClientMetadata {
  return {
    client_id: config.oidcClientId,
    client_name: "Mon Accompagnateur Rénov' – Agréments",
    application_type: "web",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    redirect_uris: [`${config.publicUrl}/account/callback`],
    post_logout_redirect_uris: [loginUrl, `${config.publicUrl}/`],
    scope: CLIENT_SCOPES,
  };
}

/**
 * RP-initiated logout with the DSFR pages: the portal's own sign-out ends
 * the session in one step (idp/deconnexion.ts), any other asks first; the
 * signed-out page leads back to `loginUrl`.
 */
function logoutPages(
  database: Database,
  cookieOptions: CookieOptions,
  loginUrl: string,
): Features["rpInitiatedLogout"] {
  return {
    enabled: true,
    logoutSource: async (ctx, form) => {
      // The portal's own sign-out (verified hint of this account): no second page.
      if (await terminerSessionSansConfirmation(ctx, { database, cookieOptions })) return;
      ctx.type = "html";
      ctx.body = logoutPage({ form, nonce: cspNonce(ctx.res) });
    },
    postLogoutSuccessSource: (ctx) => {
      ctx.type = "html";
      ctx.body = loggedOutPage({ loginUrl, nonce: cspNonce(ctx.res) });
    },
  };
}

/** The API (`config.oidcAudience`) as the only resource: JWT access tokens with its scopes. */
function apiResource(config: IdpConfig): Features["resourceIndicators"] {
  return {
    enabled: true,
    defaultResource: () => config.oidcAudience,
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx, resourceIndicator) => {
      if (resourceIndicator !== config.oidcAudience) throw new errors.InvalidTarget();
      return {
        scope: API_SCOPES,
        audience: config.oidcAudience,
        accessTokenFormat: "jwt",
        accessTokenTTL: ACCESS_TOKEN_TTL,
      };
    },
  };
}

/** Lifetimes, in seconds. */
const TTL: Configuration["ttl"] = {
  AccessToken: ACCESS_TOKEN_TTL,
  AuthorizationCode: 60,
  IdToken: ACCESS_TOKEN_TTL,
  Interaction: HOUR,
  Session: 12 * HOUR,
  Grant: 12 * HOUR,
  RefreshToken: (ctx, _token, client) => {
    // A rotated refresh token keeps the original expiry: 12 hours after sign-in, not after the last refresh.
    const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
    if (rotated && client.clientAuthMethod === "none") return rotated.remainingTTL;
    return 12 * HOUR;
  },
};

/**
 * The provider's own error page: logged, then in French
 * ({@link ERROR_MESSAGES}) with a way back to `loginUrl`.
 */
function renderErrorPage(logger: Logger, loginUrl: string): Configuration["renderError"] {
  return (ctx, out, error) => {
    const code = String(out.error ?? "server_error");
    logger.warn(
      { event: "idp_erreur", code, description: out.error_description, status: ctx.status },
      "Erreur du fournisseur d'identité",
    );
    if (!(error instanceof errors.OIDCProviderError)) ctx.status = 500;
    ctx.type = "html";
    ctx.body = errorPage({
      title: "Erreur de connexion",
      message: ERROR_MESSAGES[code] ?? "La connexion n'a pas pu aboutir. Veuillez recommencer.",
      loginUrl,
      nonce: cspNonce(ctx.res),
    });
  };
}

/**
 * Builds the oidc-provider instance of the embedded identity provider
 * (DESIGN §2, spec §9): issuer `config.oidcIssuer`, Keycloak paths, one public
 * client (`config.oidcClientId`, code + PKCE S256, refresh tokens), RS256 JWT
 * access tokens for `config.oidcAudience` carrying `realm_access.roles`,
 * storage in `oidc_payload`, French DSFR pages for logout and errors; the
 * portal's sign-out ends the session in one step (idp/deconnexion.ts).
 * `jwks` holds the private signing keys (keys.ts).
 */
export function createProvider(deps: {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  jwks: { keys: JWK[] };
}): Provider {
  const { config, database, logger } = deps;
  const secureCookies = config.publicUrl.startsWith("https:");
  const loginUrl = `${config.publicUrl}/account/login`;
  const cookieOptions = { httpOnly: true, sameSite: "lax" as const, secure: secureCookies };

  const configuration: Configuration = {
    adapter: createOidcAdapter(database),
    jwks: deps.jwks as Configuration["jwks"],
    clients: [portalClient(config, loginUrl)],
    routes: KEYCLOAK_ROUTES,
    // Authorization code only: no implicit nor hybrid flows to advertise or accept.
    responseTypes: ["code"],
    clientAuthMethods: ["none"],
    findAccount: accountFinder(database),
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["family_name", "given_name", "name", "preferred_username"],
    },
    // Like Keycloak, the ID token carries the identity claims (the portal reads the names there).
    conformIdTokenClaims: false,
    scopes: ["openid", "email", "profile", "offline_access"],
    pkce: { required: () => true },
    clockTolerance: 5,
    cookies: {
      names: { session: "_idp_session", interaction: "_idp_interaction", resume: "_idp_resume" },
      keys: cookieKeys(config.sessionSecret),
      long: cookieOptions,
      short: cookieOptions,
    },
    interactions: {
      url: (_ctx, interaction) => `${REALM_PATH}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: logoutPages(database, cookieOptions, loginUrl),
      resourceIndicators: apiResource(config),
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== "AccessToken" || !("accountId" in token) || !token.accountId) {
        return undefined;
      }
      return accessTokenClaims(database, token.accountId, token.clientId ?? config.oidcClientId);
    },
    issueRefreshToken: (_ctx, client) =>
      client.clientId === config.oidcClientId && client.grantTypeAllowed("refresh_token"),
    ttl: TTL,
    renderError: renderErrorPage(logger, loginUrl),
  };

  const provider = new Provider(config.oidcIssuer, configuration);
  provider.proxy = config.trustProxy;
  provider.use(deconnexionSansSession);
  provider.on("server_error", (_ctx, error) => {
    logger.error({ err: error }, "Erreur interne du fournisseur d'identité");
  });
  return provider;
}
