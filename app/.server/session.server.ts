import type { AppLoadContext } from "@remix-run/node";

type StoredSession = Awaited<ReturnType<AppLoadContext["sessionStorage"]["getSession"]>>;

/**
 * Sessions already read, per request: the load context is created anew for
 * every HTTP request (server/app.ts), and the root loader, the toast and the
 * page's guards and API calls all need the session: one database read.
 */
const sessionsOfRequest = new WeakMap<AppLoadContext, Promise<StoredSession>>();

/**
 * The server-side session of a request (empty when there is no valid
 * cookie), read once per request: every caller gets the same object, so a
 * value set by one (a refreshed token, a consumed flash) is seen by the next.
 */
export function getSession(request: Request, context: AppLoadContext): Promise<StoredSession> {
  let session = sessionsOfRequest.get(context);
  if (!session) {
    session = context.sessionStorage.getSession(request.headers.get("Cookie"));
    sessionsOfRequest.set(context, session);
  }
  return session;
}

export type PortalSession = StoredSession;

/** `Set-Cookie` value that saves the session. */
export function commitSession(session: PortalSession, context: AppLoadContext) {
  return context.sessionStorage.commitSession(session);
}

/** `Set-Cookie` value that deletes the session row and expires the cookie. */
export function destroySession(session: PortalSession, context: AppLoadContext) {
  return context.sessionStorage.destroySession(session);
}
