import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/.server/auth.server";
import { getAuthenticator } from "~/.server/oidc.server";
import { redirectCookie, safeRedirectPath } from "~/.server/redirect-url.server";

/**
 * `/account/login?redirectUrl=` (spec §2): starts the OpenID Connect
 * authorization-code flow with PKCE at the identity provider, whose own page
 * asks for the credentials. A signed-in user goes straight to `redirectUrl`.
 * `redirectUrl` is kept only if it is a path of the portal (else home).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectUrl"));
  if (await getOptionalUser(request, context)) throw redirect(target);
  const { authenticator } = getAuthenticator(context.settings);
  try {
    await authenticator.authenticate("oidc", request);
  } catch (response) {
    if (!(response instanceof Response)) throw response;
    const headers = new Headers(response.headers);
    headers.append(
      "Set-Cookie",
      await redirectCookie.serialize(target, {
        secure: context.settings.publicUrl.startsWith("https:"),
      }),
    );
    return new Response(null, { status: response.status, headers });
  }
  throw redirect(target);
}
