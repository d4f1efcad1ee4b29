/**
 * Ending the sessions of an account (ADR 0014 "Après le changement", ADR
 * 0025): the embedded provider's rows that name it (`oidc_payload`:
 * sessions, grants, refresh tokens, codes) and the portal's server-side
 * sessions (`session.data.user.idIdp`). The same rule as
 * idp/reinitialisation.ts `terminerSessions`, which the API may not import.
 */
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { oidcPayloads, sessions } from "../../db/schema.ts";

/** Ends every session of the account whose `sub` is `idIdp`. */
export async function terminerToutesLesSessions(handle: Db, idIdp: string): Promise<void> {
  await handle.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${idIdp}`);
  await handle.delete(sessions).where(sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`);
}

/**
 * Ends every session of the account `idIdp` but the one that made the
 * request, known by its access token `jetonAcces`: the portal's session
 * holding that token stays, with its refresh token's grant (and the
 * provider's browser session that authorised it), so that the user keeps
 * working; every other portal session, grant, refresh token and provider
 * session of the account is deleted. A token that no portal session holds
 * (a client of the API itself) keeps nothing but itself, which expires
 * within minutes.
 */
export async function terminerAutresSessions(
  handle: Db,
  idIdp: string,
  jetonAcces: string,
): Promise<void> {
  const [courante] = await handle
    .select({
      id: sessions.id,
      refreshToken: sql<string | null>`${sessions.data}->>'refreshToken'`,
    })
    .from(sessions)
    .where(
      and(
        sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`,
        sql`${sessions.data}->>'accessToken' = ${jetonAcces}`,
      ),
    )
    .limit(1);
  const [rafraichissement] = courante?.refreshToken
    ? await handle
        .select({ grantId: oidcPayloads.grantId })
        .from(oidcPayloads)
        .where(
          and(eq(oidcPayloads.type, "RefreshToken"), eq(oidcPayloads.id, courante.refreshToken)),
        )
    : [];
  const grantId = rafraichissement?.grantId ?? null;
  const duCompte = sql`${oidcPayloads.payload}->>'accountId' = ${idIdp}`;
  await handle.delete(oidcPayloads).where(
    grantId
      ? and(
          duCompte,
          or(sql`${oidcPayloads.grantId} is null`, ne(oidcPayloads.grantId, grantId)),
          // The provider's session that holds the kept grant (payload.authorizations.*.grantId).
          sql`not (${oidcPayloads.type} = 'Session' and position(${grantId} in ${oidcPayloads.payload}::text) > 0)`,
          // The grant itself is stored under its own id.
          sql`not (${oidcPayloads.type} = 'Grant' and ${oidcPayloads.id} = ${grantId})`,
        )
      : duCompte,
  );
  await handle
    .delete(sessions)
    .where(
      courante
        ? and(sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`, ne(sessions.id, courante.id))
        : sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`,
    );
}
