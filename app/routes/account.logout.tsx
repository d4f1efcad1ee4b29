import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { oidcEndpoints } from "~/.server/oidc.server";
import { destroySession, getSession } from "~/.server/session.server";

/**
 * `/account/logout` (spec §2): deletes the server-side session, then ends the
 * identity provider's session (end-session with `id_token_hint`), which sends
 * the user back to `/account/login`.
 */
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const session = await getSession(request, context);
  const idToken = session.get("idToken");
  const headers = { "Set-Cookie": await destroySession(session, context) };
  const { settings } = context;
  if (!idToken) return redirect("/account/login", { headers });
  const endSession = new URL(oidcEndpoints(settings.oidcIssuer).endSession);
  endSession.searchParams.set("id_token_hint", idToken);
  endSession.searchParams.set("client_id", settings.oidcClientId);
  endSession.searchParams.set("post_logout_redirect_uri", `${settings.publicUrl}/account/login`);
  return redirect(endSession.toString(), { headers });
}

export const loader = logout;
export const action = logout;
