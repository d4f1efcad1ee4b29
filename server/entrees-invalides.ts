/**
 * Bad input never gives a 500 (ASVS V5.1): requests whose
 * URL cannot be decoded or carries a NUL byte are refused here, before any
 * router, page or database sees them; the body checks of the pages
 * (server/limites-corps.ts) answer with the same {@link refuserRequete}.
 * API paths get the API's error shape `{ detail, message }` (DESIGN §7),
 * pages a French DSFR error page.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, NextFunction, Request, Response } from "express";
import { MESSAGE_CARACTERE_NUL } from "../api/http/errors.ts";
import { layout } from "../idp/pages/layout.ts";
import { html } from "../idp/pages/html.ts";

/** 400 of a URL with a malformed percent-escape (`%E0%A4%A`, `100%`). */
export const MESSAGE_URL_MAL_FORMEE = "L'adresse demandée contient un encodage invalide.";

const TITRES: Record<number, string> = {
  400: "Requête invalide",
  405: "Méthode non autorisée",
  413: "Envoi trop volumineux",
  415: "Requête invalide",
};

export { MESSAGE_CARACTERE_NUL };

/** 413 of a body a router found too large. */
export const MESSAGE_CORPS_REFUSE_TROP_GROS = "Les données envoyées sont trop volumineuses.";
/** 400 of a request a router could not read (encoding, charset, malformed body). */
export const MESSAGE_REQUETE_REFUSEE = "Les données envoyées n'ont pas pu être lues.";

/** True when `texte` holds a NUL character (U+0000), which PostgreSQL refuses in text. */
export function contientNul(texte: string): boolean {
  return texte.includes("\u0000");
}

/**
 * Percent-decodes `texte` like a query component (`+` is a space). Returns
 * null when an escape is malformed (what `decodeURIComponent` throws on).
 */
export function decoderComposant(texte: string): string | null {
  try {
    return decodeURIComponent(texte.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The French reason to refuse the URL `url` (path and query string), or
 * null when it is acceptable: every percent-escape must decode as UTF-8 and
 * nothing may decode to a NUL character.
 */
export function motifUrlInvalide(url: string): string | null {
  const debut = url.indexOf("?");
  const chemin = debut === -1 ? url : url.slice(0, debut);
  const requete = debut === -1 ? "" : url.slice(debut + 1);
  for (const partie of [chemin, ...requete.split("&")]) {
    const decode = decoderComposant(partie);
    if (decode === null) return MESSAGE_URL_MAL_FORMEE;
    if (contientNul(decode)) return MESSAGE_CARACTERE_NUL;
  }
  return null;
}

/** True when the request announces a body (a length above zero, or chunks). */
export function aUnCorps(req: Pick<IncomingMessage, "headers">): boolean {
  const longueur = req.headers["content-length"];
  return longueur !== undefined ? longueur !== "0" : req.headers["transfer-encoding"] !== undefined;
}

/** How long the rest of a refused body is let in (and dropped) after the answer, in ms. */
const ATTENTE_FIN_CORPS_MS = 5_000;

/**
 * Lets the rest of a refused body in without keeping it, so that the client,
 * still sending, reads the answer rather than a reset connection (closing at
 * once with bytes unread makes TCP reset it); the connection is cut if the
 * body has not ended {@link ATTENTE_FIN_CORPS_MS} after the answer.
 */
function abandonnerCorps(req: Request) {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
  const coupure = setTimeout(() => req.socket.destroy(), ATTENTE_FIN_CORPS_MS);
  coupure.unref();
  req.once("end", () => clearTimeout(coupure));
  req.once("close", () => clearTimeout(coupure));
}

/**
 * Answers a refused request with `status` (400, 405 or 413) and the French
 * `message`, without reading the rest of its body (what still comes after the
 * answer is dropped, see {@link abandonnerCorps}). `/api/…` gets `{ detail, message }`, a page the DSFR
 * error page. Logged at warn (no account: nothing of the session is read
 * before this). Does nothing when an answer has already started.
 */
export function refuserRequete(req: Request, res: Response, status: number, message: string) {
  req.log?.warn({ statut: status, motif: message }, "Requête refusée");
  if (res.headersSent) return;
  res.status(status);
  if (aUnCorps(req)) res.on("finish", () => abandonnerCorps(req));
  res.set("Cache-Control", "no-store");
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api") {
    res.json({ detail: message, message });
    return;
  }
  const titre = TITRES[status] ?? TITRES[400];
  const nonce = res.locals.cspNonce as string | undefined;
  res.type("html").send(
    layout({
      title: titre,
      nonce,
      main: html`<div class="fr-container">
        <div
          class="fr-my-7w fr-mt-md-12w fr-mb-md-10w fr-grid-row fr-grid-row--gutters fr-grid-row--middle fr-grid-row--center"
        >
          <div class="fr-py-0 fr-col-12 fr-col-md-6">
            <h1>${titre}</h1>
            <p class="fr-text--sm fr-mb-3w">Erreur ${status}</p>
            <p class="fr-text--lead fr-mb-3w">${message}</p>
            <p class="fr-text--sm fr-mb-5w">
              Revenez à la page précédente et réessayez. Si le problème persiste, contactez-nous.
            </p>
            <ul class="fr-btns-group fr-btns-group--inline-md">
              <li><a class="fr-btn" href="/">Page d'accueil</a></li>
            </ul>
          </div>
        </div>
      </div>`,
    }),
  );
}

/** 405 of a method the portal does not serve there (TRACE, TRACK, a PUT to a page…). */
export const MESSAGE_METHODE_NON_AUTORISEE =
  "Cette méthode n'est pas autorisée pour l'adresse demandée.";

/** Methods refused everywhere: they echo the request (cross-site tracing) or tunnel. */
const METHODES_REFUSEES = new Set(["TRACE", "TRACK", "CONNECT"]);

/** What the pages and static files serve: reading, and the forms' POST. */
export const METHODES_DES_PAGES = ["GET", "HEAD", "POST"] as const;

/**
 * Express middleware answering 405 (with `Allow`), before any router and
 * before a Fetch `Request` is built (it refuses TRACE), to TRACE, TRACK and
 * CONNECT anywhere, and outside `/api` and the embedded provider to any
 * method but {@link METHODES_DES_PAGES}: the API answers its own methods
 * (its 404 for the others), pages and files serve nothing else.
 */
export function refuserMethodesInconnues(req: Request, res: Response, next: NextFunction) {
  const methode = req.method.toUpperCase();
  const chemin = req.path;
  const routeur = /^\/(api|realms\/mar_users)(\/|$)/.test(chemin);
  const servie = routeur || (METHODES_DES_PAGES as readonly string[]).includes(methode);
  if (!METHODES_REFUSEES.has(methode) && servie) return next();
  if (!routeur) res.set("Allow", METHODES_DES_PAGES.join(", "));
  refuserRequete(req, res, 405, MESSAGE_METHODE_NON_AUTORISEE);
}

/** The status line of an error Node's HTTP parser raises before any handler runs. */
function statutErreurAnalyse(code: string | undefined): string {
  if (code === "HPE_INVALID_METHOD") return "405 Method Not Allowed";
  if (code === "HPE_HEADER_OVERFLOW") return "431 Request Header Fields Too Large";
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "408 Request Timeout";
  return "400 Bad Request";
}

/**
 * Answers what Node's HTTP parser refuses before Express sees it: a method
 * it does not know (TRACK…) gets 405 with `Allow` and the French message,
 * anything else the status Node itself would send (400, 408, 431), the
 * connection then closed.
 */
export function repondreAuxRequetesIllisibles(server: Server) {
  server.on("clientError", (erreur: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const statut = statutErreurAnalyse(erreur.code);
    const corps = statut.startsWith("405") ? MESSAGE_METHODE_NON_AUTORISEE : "";
    socket.end(
      `HTTP/1.1 ${statut}\r\n` +
        (corps ? `Allow: ${METHODES_DES_PAGES.join(", ")}\r\n` : "") +
        "Content-Type: text/plain; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(corps)}\r\n` +
        "Connection: close\r\n\r\n" +
        corps,
    );
  });
}

/**
 * Express middleware refusing (400) a URL that does not decode or carries a
 * NUL byte, for the API and the pages alike (see {@link motifUrlInvalide}).
 */
export function refuserUrlsInvalides(req: Request, res: Response, next: NextFunction) {
  const motif = motifUrlInvalide(req.originalUrl);
  if (motif) return refuserRequete(req, res, 400, motif);
  next();
}

/**
 * Last error handler of the app: a client error a router let through (the
 * sign-in form's body parser: too large, unknown charset or Content-Encoding;
 * a path that does not decode) answers 413 or 400 with
 * {@link refuserRequete} instead of Express's English page (which shows the
 * stack outside production). Anything else goes on to Express's handler.
 */
export const gererErreursEntree: ErrorRequestHandler = (error, req, res, next) => {
  const erreur = (error ?? {}) as { status?: number; statusCode?: number; expose?: boolean };
  const status = erreur.status ?? erreur.statusCode;
  const client =
    error instanceof URIError ||
    (typeof status === "number" && status >= 400 && status < 500 && erreur.expose !== false);
  if (!client || res.headersSent) return next(error);
  if (status === 413) return refuserRequete(req, res, 413, MESSAGE_CORPS_REFUSE_TROP_GROS);
  refuserRequete(req, res, 400, MESSAGE_REQUETE_REFUSEE);
};
