import { redirect, type AppLoadContext } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { ROLE_GATES, hasAnyRole, type RoleGate } from "#contract/roles";
import { t } from "~/i18n";
import type { SessionData, SessionUser } from "./context";
import { getStrategy, sessionDataFromTokens } from "./oidc.server";
import { loginUrlFor } from "./redirect-url.server";
import { commitSession, getSession, type PortalSession } from "./session.server";

/** Spec §7/§9: refresh the access token when it expires within 5 seconds. */
const REFRESH_MARGIN_MS = 5_000;

/** Refreshes in flight, per session id, so parallel loaders share one refresh. */
const refreshing = new Map<string, Promise<SessionData | null>>();

/**
 * The session's tokens, refreshed first when the access token is about to
 * expire. A refused refresh (HTTP 400, spec §8) clears the session: the user
 * is signed out and the function returns null. Never throws for a bad cookie.
 */
export async function getSessionData(
  request: Request,
  context: AppLoadContext,
): Promise<SessionData | null> {
  const session = await getSession(request, context);
  const accessToken = session.get("accessToken");
  if (!accessToken) return null;
  const data = sessionDataOf(session);
  if (data.expiresAt - Date.now() > REFRESH_MARGIN_MS) return data;
  if (!data.refreshToken) return null;
  const pending =
    refreshing.get(session.id) ??
    refreshSession(session, data, context).finally(() => refreshing.delete(session.id));
  refreshing.set(session.id, pending);
  return pending;
}

async function refreshSession(
  session: PortalSession,
  data: SessionData,
  context: AppLoadContext,
): Promise<SessionData | null> {
  try {
    const tokens = await getStrategy(context).refreshToken(data.refreshToken!);
    const next = sessionDataFromTokens(tokens, data);
    for (const [key, value] of Object.entries(next)) {
      session.set(key as keyof SessionData, value as never);
    }
    await commitSession(session, context);
    return next;
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      // The identity provider refused the refresh token: sign out (spec §8).
      await context.sessionStorage.destroySession(session);
      return null;
    }
    throw error;
  }
}

function sessionDataOf(session: PortalSession): SessionData {
  return {
    accessToken: session.get("accessToken")!,
    refreshToken: session.get("refreshToken"),
    idToken: session.get("idToken"),
    expiresAt: session.get("expiresAt") ?? 0,
    user: session.get("user")!,
  };
}

/** The signed-in user, or null (also for a tampered or expired session). */
export async function getOptionalUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  return (await getSessionData(request, context))?.user ?? null;
}

/**
 * Guard of every page behind sign-in (spec §6): a signed-out user is sent to
 * `/account/login?redirectUrl=<this page>`; a user without any business role
 * is sent to `/unauthorised`. Returns the user otherwise.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(loginUrlFor(request));
  if (user.roles.length === 0) throw redirect("/unauthorised");
  return user;
}

/**
 * The refusal of a page to a signed-in user who may not see it (spec §6,
 * §8): a 403 response, that the root ErrorBoundary shows as the portal's
 * "Non Autorisé" page (header, footer, explanation, link home). Its French
 * text is what a resource route (a download) answers.
 */
export function refusAcces(): Response {
  return new Response(`${t("erreur.403.titre")} : ${t("erreur.403.sousTitre")}`, {
    status: 403,
    statusText: "Forbidden",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Role gate of spec §6 (`instruction`, `staff`, `superviseur`,
 * `adminFonctionnel`, `demandeur`, `central`, `manager`): throws the 403
 * of {@link refusAcces} when the user holds none of the gate's roles.
 */
export async function requireRole(
  request: Request,
  context: AppLoadContext,
  gate: RoleGate,
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!hasAnyRole(user.roles, ROLE_GATES[gate])) {
    throw refusAcces();
  }
  return user;
}
