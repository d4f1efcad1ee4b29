/**
 * The embedded OpenID Connect provider (DESIGN §2): mounted by server/app.ts
 * at /realms/mar_users when OIDC_ISSUER is unset, with Keycloak's paths, the
 * DSFR sign-in page and the accounts of the `utilisateur` table.
 */
import express, { type RequestHandler } from "express";
import type { Database } from "../api/db/client.ts";
import type { IdpConfig } from "./config.ts";
import type { Logger } from "pino";
import { purgeExpiredOidcPayloads } from "./adapter.ts";
import { createInteractionRouter } from "./interactions.ts";
import { loadSigningKeys } from "./keys.ts";
import { createMotDePasseOublieRouter } from "./mot-de-passe-oublie.ts";
import { createProvider, KEYCLOAK_ROUTES, REALM_PATH } from "./provider.ts";
import type { EnvoiCourriel } from "./reinitialisation.ts";
import { purgeExpiredLoginCounters } from "./rate-limit.ts";
import { userinfoHandler } from "./userinfo.ts";

export { loadSigningKeys } from "./keys.ts";
export { purgeExpiredOidcPayloads } from "./adapter.ts";

/**
 * Builds the provider and its Express router (to mount at /realms/mar_users,
 * before Remix, with no body parser in front). Loads or creates the signing
 * key in `meta` and purges expired provider rows and sign-in counters.
 * `now` is the clock of the sign-in limits and of the password reset links
 * (the portal's; tests move it); `sameOriginGuard` the portal's refusal of
 * cross-origin POSTs (server/security.ts), put in front of the forms;
 * `mailer` the portal's mail delivery, for the reset links of "Mot de passe
 * oublié ?". Throws if the database is unreachable.
 */
export async function createIdentityProvider(deps: {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  sameOriginGuard: RequestHandler;
  mailer: EnvoiCourriel;
  now?: () => Date;
}): Promise<{ router: express.Router }> {
  const { config, database, logger, sameOriginGuard, mailer, now } = deps;
  const jwks = await loadSigningKeys(database);
  const removed =
    (await purgeExpiredOidcPayloads(database)) +
    (await purgeExpiredLoginCounters(database, now?.() ?? new Date()));
  if (removed > 0)
    logger.debug({ removed }, "Données expirées du fournisseur d'identité supprimées");

  const provider = createProvider({ config, database, logger, jwks });
  const router = express.Router();
  router.use(createInteractionRouter({ config, database, logger, provider, sameOriginGuard, now }));
  router.use(
    createMotDePasseOublieRouter({
      config,
      database,
      logger,
      mailer,
      sameOriginGuard,
      realmPath: REALM_PATH,
      now: now ?? (() => new Date()),
    }),
  );
  const userinfo = userinfoHandler({ config, database, jwks });
  router.get(KEYCLOAK_ROUTES.userinfo, userinfo);
  router.post(KEYCLOAK_ROUTES.userinfo, userinfo);
  router.use(provider.callback());
  return { router };
}
