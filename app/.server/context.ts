import type { SessionStorage } from "@remix-run/node";

/** What the BFF keeps in its server-side session (never sent to the browser). */
export interface SessionData {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** Access token expiry, epoch milliseconds. */
  expiresAt: number;
  user: SessionUser;
  /** CGU version this session saw accepted: the root loader stops asking the API. */
  cguVersionAcceptee?: string;
}

/** The signed-in user as the layout needs it (from the token's claims). */
export interface SessionUser {
  idIdp: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Business roles only (contract/roles.ts). */
  roles: import("#contract/roles").Role[];
}

/** Flash values shown once after a redirect (Post/Redirect/Get). */
export interface FlashData {
  toast: Toast;
}

/** A notification of the stack (spec §3 Notification). */
export interface Toast {
  id: string;
  type: "success" | "error" | "info" | "warning";
  titre: string;
  description?: string;
}

/** Settings the Remix app needs; no secrets of other components. */
export interface PortalSettings {
  publicUrl: string;
  apiUrl: string;
  oidcIssuer: string;
  oidcClientId: string;
  production: boolean;
  /** The portal's version as `GET /api/version` gives it (`0.1.0@abc1234`); absent in tests. */
  version?: string;
  /** Matomo (ADR 0023): base URL, site id and salt of the user hash; null when off. */
  matomo?: { url: string; siteId: string; sel: string } | null;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    sessionStorage: SessionStorage<SessionData, FlashData>;
    settings: PortalSettings;
    /**
     * Reaches the API of this very process without a socket (ADR 0007);
     * absent when the API lives elsewhere (API_URL set): `fetch` then.
     */
    apiFetch?: (url: string, init?: RequestInit) => Promise<Response>;
    /**
     * The browser's address as the portal sees it (`req.ip`, TRUST_PROXY
     * applied): the BFF passes it to the API in `X-Forwarded-For`, whose
     * per-IP limits must not count every page's users as one.
     */
    clientIp?: string;
    /**
     * On an acceptance-testing portal (HORLOGE_RECETTE), the business date
     * the API simulates now (ISO 8601 instant) or null; absent when the
     * setting is off. Read by the root loader for the banner, without an API call.
     */
    dateSimulee?: () => string | null;
  }
}
