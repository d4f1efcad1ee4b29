/**
 * Programmatic sign-in for the benchmark, through the portal's real OpenID
 * Connect flow (tests/helpers/oidc-login.ts does the identity provider's
 * part): a bearer token for API calls, the portal's `__session` cookie for
 * pages, and the identity provider's login page as a signed-out user
 * reaches it from /account/login.
 */
import { CookieJar, fetchWithJar, loginAs } from "../tests/helpers/oidc-login.ts";

/** Password of every demo account (README "Comptes de démonstration"). */
export const DEMO_PASSWORD = "Anah-Demo-2026!";

/** The demo accounts the benchmark signs in as. */
export const DEMO = {
  superviseur: "superviseur@demo.anah.gouv.fr",
  demandeur: "demandeur@demo.anah.gouv.fr",
  centrale: "centrale@demo.anah.gouv.fr",
  adminFonctionnel: "admin-fonctionnel@demo.anah.gouv.fr",
} as const;

/** Follows redirects from `url` with the jar; returns the last answer and its URL. */
async function follow(jar: CookieJar, url: string): Promise<{ response: Response; url: string }> {
  let current = url;
  for (let hops = 0; hops < 20; hops += 1) {
    const response = await fetchWithJar(jar, current);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location)
      return { response, url: current };
    await response.body?.cancel();
    current = new URL(location, current).href;
  }
  throw new Error(`Trop de redirections depuis ${url}`);
}

/** An access token for `email` (the API's bearer), valid 5 minutes. */
export async function bearerToken(baseUrl: string, email: string, password = DEMO_PASSWORD) {
  return (await loginAs(baseUrl, email, password)).accessToken;
}

/**
 * Signs `email` in the way a browser does and returns the `Cookie` header
 * value (`__session=…`) of the portal session: the identity provider's
 * session first (loginAs with a jar), then /account/login → provider →
 * /account/callback, which opens the session. Throws if no session cookie
 * comes back.
 */
export async function sessionCookie(
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const jar = new CookieJar();
  await loginAs(baseUrl, email, password, { jar });
  const { response, url } = await follow(jar, `${baseUrl}/account/login`);
  await response.body?.cancel();
  const session = jar
    .header()
    .split("; ")
    .find((pair) => pair.startsWith("__session="));
  if (!session)
    throw new Error(`Pas de session pour ${email} (arrivé sur ${url}, HTTP ${response.status})`);
  return session;
}

/**
 * The identity provider's login page a signed-out visitor of /account/login
 * lands on (after two redirects): its URL and the cookies that go with it.
 * The same URL can be fetched again and again while the interaction lives.
 */
export async function loginPage(baseUrl: string): Promise<{ url: string; cookie: string }> {
  const jar = new CookieJar();
  const { response, url } = await follow(jar, `${baseUrl}/account/login`);
  const body = await response.text();
  if (response.status !== 200 || !body.includes('id="formulaire-connexion"'))
    throw new Error(`Page de connexion inattendue (HTTP ${response.status}, ${url})`);
  return { url, cookie: jar.header() };
}
