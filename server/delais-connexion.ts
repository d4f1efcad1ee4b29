/**
 * Slow clients are cut (docs/securite.md, "Requêtes lentes"): without these
 * bounds Node keeps a request whose body trickles in at one byte every few
 * seconds for 300 s, and a few dozen such clients hold every socket.
 *
 * The figures follow the largest body a user sends, a 10 Mo attachment
 * (UPLOAD_MAX_MO), from a phone on a poor mobile link:
 * - headers: {@link DELAI_EN_TETES_MS} (a browser sends them in one packet);
 * - a whole request: {@link DELAI_REQUETE_MS}, 15 minutes, which lets
 *   10 Mo through at 12 Ko/s on average (≈ 100 kbit/s, an EDGE link);
 * - the body's average rate since its request began, checked every
 *   {@link INTERVALLE_CONTROLE_MS} once {@link GRACE_MS} have passed, must
 *   stay above {@link DEBIT_MIN_OCTETS_S}, 2 Ko/s: a third of the slowest
 *   mobile link, far above a trickle.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Logger } from "pino";
import { aUnCorps } from "./entrees-invalides.ts";

/** Longest wait for a request's headers, in ms. */
export const DELAI_EN_TETES_MS = 20_000;
/** Longest time a whole request (headers and body) may take, in ms. */
export const DELAI_REQUETE_MS = 15 * 60_000;
/** Lowest average rate of a body, in bytes per second. */
export const DEBIT_MIN_OCTETS_S = 2 * 1024;
/** Time a body has before its rate is judged, in ms (a mobile link's slow start). */
export const GRACE_MS = 20_000;
/** How often the rate of a body still coming is checked, in ms. */
export const INTERVALLE_CONTROLE_MS = 5_000;

/** The bounds of {@link bornerLesConnexions}; the tests shorten the times. */
export interface BornesConnexion {
  delaiEnTetesMs: number;
  delaiRequeteMs: number;
  debitMinOctetsS: number;
  graceMs: number;
  intervalleMs: number;
}

const BORNES: BornesConnexion = {
  delaiEnTetesMs: DELAI_EN_TETES_MS,
  delaiRequeteMs: DELAI_REQUETE_MS,
  debitMinOctetsS: DEBIT_MIN_OCTETS_S,
  graceMs: GRACE_MS,
  intervalleMs: INTERVALLE_CONTROLE_MS,
};

/**
 * Sets `server`'s header and request timeouts and cuts the connection of a
 * body whose average rate falls below the minimum (logged at warn with the
 * path, never the body). `bornes` replaces the figures above, for tests.
 */
export function bornerLesConnexions(
  server: Server,
  logger: Logger,
  bornes: Partial<BornesConnexion> = {},
): void {
  const { delaiEnTetesMs, delaiRequeteMs, debitMinOctetsS, graceMs, intervalleMs } = {
    ...BORNES,
    ...bornes,
  };
  server.headersTimeout = delaiEnTetesMs;
  server.requestTimeout = delaiRequeteMs;
  server.on("request", (req: IncomingMessage) => {
    if (!aUnCorps(req) || req.complete) return;
    const socket = req.socket;
    const debut = Date.now();
    const octetsAuDebut = socket.bytesRead;
    const controle = setInterval(() => {
      const ecouleMs = Date.now() - debut;
      if (ecouleMs < graceMs) return;
      const recus = socket.bytesRead - octetsAuDebut;
      if (recus >= (debitMinOctetsS * ecouleMs) / 1000) return;
      clearInterval(controle);
      logger.warn(
        { event: "corps_trop_lent", chemin: req.url?.split("?")[0], recus, ecouleMs },
        "Requête coupée : corps reçu trop lentement",
      );
      socket.destroy();
    }, intervalleMs);
    controle.unref();
    const arreter = () => clearInterval(controle);
    req.once("end", arreter);
    req.once("close", arreter);
  });
}
