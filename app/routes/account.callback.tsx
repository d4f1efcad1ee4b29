import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getAuthenticator, STATE_COOKIE } from "~/.server/oidc.server";
import { redirectCookie, safeRedirectPath } from "~/.server/redirect-url.server";

/**
 * `/account/callback`: end of the sign-in flow. Exchanges the code (PKCE),
 * opens a fresh server-side session (new id: no session fixation), clears the
 * one-time state cookies and goes to the page asked for, or to
 * `/unauthorised` when the token carries no business role (spec §6).
 * A failed or replayed callback answers the 401 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { authenticator } = getAuthenticator(context.settings);
  let data;
  try {
    data = await authenticator.authenticate("oidc", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new Response("Accès non autorisé", { status: 401 });
  }
  const session = await context.sessionStorage.getSession();
  for (const [key, value] of Object.entries(data)) {
    session.set(key as keyof typeof data, value as never);
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await context.sessionStorage.commitSession(session));
  for (const name of stateCookieNames(request)) {
    headers.append("Set-Cookie", `${name}=; Path=/account; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  headers.append("Set-Cookie", await redirectCookie.serialize("", { maxAge: 0 }));
  const target =
    data.user.roles.length === 0
      ? "/unauthorised"
      : safeRedirectPath(await redirectCookie.parse(request.headers.get("Cookie")));
  return redirect(target, { headers });
}

function stateCookieNames(request: Request): string[] {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`));
}

/**
 * Never rendered (the loader always redirects or throws), but its presence
 * makes this a page route, so a failed callback shows the DSFR 401 page of
 * the root ErrorBoundary instead of a bare text response.
 */
export default function Callback() {
  return null;
}
