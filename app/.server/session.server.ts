import type { AppLoadContext } from "@remix-run/node";

/** The server-side session of a request (empty when there is no valid cookie). */
export function getSession(request: Request, context: AppLoadContext) {
  return context.sessionStorage.getSession(request.headers.get("Cookie"));
}

export type PortalSession = Awaited<ReturnType<typeof getSession>>;

/** `Set-Cookie` value that saves the session. */
export function commitSession(session: PortalSession, context: AppLoadContext) {
  return context.sessionStorage.commitSession(session);
}

/** `Set-Cookie` value that deletes the session row and expires the cookie. */
export function destroySession(session: PortalSession, context: AppLoadContext) {
  return context.sessionStorage.destroySession(session);
}
