/**
 * Sign-out in one step (ADR 0014): the portal has already
 * asked, by the POST of its "Se déconnecter" button (app/routes/
 * account.logout.tsx), and sends the browser to the end-session endpoint
 * with the user's `id_token_hint`. The provider then ends its session on
 * the server and redirects at once — no second "Se déconnecter" page, with
 * or without JavaScript. A request without a valid hint of the signed-in
 * account (a link from elsewhere) still gets the confirmation page.
 */
import { eq, or, and } from "drizzle-orm";
import type { KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../api/db/client.ts";
import { oidcPayloads } from "../api/db/schema.ts";

/** Cookie options of the provider's session cookie (provider.ts `cookies.long`). */
type CookieOptions = { httpOnly: boolean; sameSite: "lax"; secure: boolean };

/** Where the end of a session leads: the client's registered return address, else the success page. */
function retour(ctx: KoaContextWithOIDC): string {
  const params = ctx.oidc.params ?? {};
  const uri =
    typeof params.post_logout_redirect_uri === "string"
      ? params.post_logout_redirect_uri
      : undefined;
  if (!uri) return ctx.oidc.urlFor("end_session_success");
  const url = new URL(uri);
  if (typeof params.state === "string") url.searchParams.set("state", params.state);
  return url.href;
}

/**
 * Called by `logoutSource` (the provider session has an account): when the
 * request carries an `id_token_hint` that oidc-provider verified and that
 * names that account, revokes the grants of the session (tokens, codes,
 * refresh tokens: their `grant_id` rows and the grant itself), destroys the
 * session, clears its cookie and answers 303 to the validated
 * `post_logout_redirect_uri` (with `state`), else to the success page.
 * Returns false, touching nothing, otherwise.
 */
export async function terminerSessionSansConfirmation(
  ctx: KoaContextWithOIDC,
  deps: { database: Database; cookieOptions: CookieOptions },
): Promise<boolean> {
  const hint = ctx.oidc.entities.IdTokenHint;
  const session = ctx.oidc.session;
  if (!hint || !session?.accountId || hint.payload.sub !== session.accountId) return false;
  const grants = Object.values(session.authorizations ?? {})
    .map((authorization) => authorization.grantId)
    .filter((grantId): grantId is string => typeof grantId === "string");
  for (const grantId of grants) {
    await deps.database.db
      .delete(oidcPayloads)
      .where(
        or(
          eq(oidcPayloads.grantId, grantId),
          and(eq(oidcPayloads.type, "Grant"), eq(oidcPayloads.id, grantId)),
        ),
      );
  }
  await session.destroy();
  ctx.cookies.set(ctx.oidc.provider.cookieName("session"), null, deps.cookieOptions);
  ctx.status = 303;
  ctx.redirect(retour(ctx));
  return true;
}

/**
 * Koa middleware of the provider: an end-session request whose browser has
 * no signed-in provider session (it expired, or a password reset ended it)
 * has nothing to confirm; oidc-provider would answer an English page that
 * posts itself with JavaScript. It is answered 303 to the same place as a
 * confirmed sign-out instead.
 */
export async function deconnexionSansSession(
  ctx: KoaContextWithOIDC,
  next: () => Promise<void>,
): Promise<void> {
  await next();
  if (ctx.oidc?.route !== "end_session" || ctx.status !== 200) return;
  if (!ctx.oidc.session || ctx.oidc.session.accountId) return;
  await ctx.oidc.session.destroy();
  ctx.status = 303;
  ctx.redirect(retour(ctx));
}
