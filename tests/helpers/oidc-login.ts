/**
 * Signs in through the real authorization-code + PKCE (S256) flow of the
 * embedded identity provider at `${baseUrl}/realms/mar_users`, with plain
 * fetch: manual redirects, a small cookie jar, the DSFR login form posted
 * with `Origin: baseUrl` (the same-origin guard refuses it otherwise), then
 * the code exchanged at the token endpoint. Throws with the HTTP status when
 * a step fails (e.g. 401 for wrong credentials, 429 when rate-limited).
 */
import { createHash, randomBytes } from "node:crypto";

export interface LoginTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Access token lifetime in seconds, as the token endpoint said. */
  expiresIn: number;
}

/** Minimal cookie jar: every cookie goes back to the same host whatever its path. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return new Date(raw).getTime() <= Date.now();
        return false;
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Fetches with the jar's cookies, no automatic redirect, and keeps the answered cookies. */
export async function fetchWithJar(
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  return response;
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/**
 * Follows redirects from `response` until the client's `redirectUri` (returns
 * its URL, never fetched) or a non-redirect answer (returns that response).
 */
async function followUntil(
  jar: CookieJar,
  response: Response,
  from: string,
  redirectUri: string,
): Promise<{ callback?: URL; page?: Response; url: string }> {
  let current = response;
  let url = from;
  for (let hops = 0; hops < 20; hops += 1) {
    const location = current.headers.get("location");
    if (current.status < 300 || current.status >= 400 || !location) return { page: current, url };
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return { callback: next, url: next.href };
    url = next.href;
    current = await fetchWithJar(jar, url);
  }
  throw new Error("Trop de redirections pendant la connexion");
}

/**
 * Signs `email`/`password` in at the issuer of `baseUrl` and returns the
 * tokens. `opts.clientId` defaults to `mar_frontend`, `opts.redirectUri` to
 * `${baseUrl}/account/callback`; pass `opts.jar` to keep the provider's
 * session cookies (e.g. to test sign-out afterwards).
 */
export async function loginAs(
  baseUrl: string,
  email: string,
  password: string,
  opts: { clientId?: string; redirectUri?: string; jar?: CookieJar } = {},
): Promise<LoginTokens> {
  const clientId = opts.clientId ?? "mar_frontend";
  const redirectUri = opts.redirectUri ?? `${baseUrl}/account/callback`;
  const issuer = `${baseUrl}/realms/mar_users`;
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const jar = opts.jar ?? new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString("base64url");

  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    nonce: randomBytes(16).toString("base64url"),
  }).toString();

  let step = await followUntil(
    jar,
    await fetchWithJar(jar, authorize.href),
    authorize.href,
    redirectUri,
  );
  if (!step.callback) {
    const page = step.page!;
    const body = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1];
    if (page.status !== 200 || !action) {
      throw new Error(`Page de connexion inattendue (HTTP ${page.status})`);
    }
    const loginUrl = new URL(action.replace(/&amp;/g, "&"), step.url).href;
    const answer = await fetchWithJar(jar, loginUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      body: new URLSearchParams({ email, password }).toString(),
    });
    step = await followUntil(jar, answer, loginUrl, redirectUri);
    if (!step.callback) {
      throw new Error(`Connexion refusée pour ${email} (HTTP ${step.page?.status})`);
    }
  }

  const callback = step.callback;
  if (callback.searchParams.get("state") !== state) throw new Error("state inattendu au retour");
  const code = callback.searchParams.get("code");
  if (!code) {
    throw new Error(
      `Autorisation refusée : ${callback.searchParams.get("error")} ${callback.searchParams.get("error_description") ?? ""}`,
    );
  }

  const tokenResponse = await fetch(discovery.token_endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await tokenResponse.json()) as Record<string, unknown>;
  if (!tokenResponse.ok) {
    throw new Error(
      `Échange du code refusé (HTTP ${tokenResponse.status}) : ${String(tokens.error)}`,
    );
  }
  return {
    accessToken: String(tokens.access_token),
    refreshToken: String(tokens.refresh_token),
    idToken: String(tokens.id_token),
    expiresIn: Number(tokens.expires_in),
  };
}
