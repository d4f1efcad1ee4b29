/**
 * Information banners of the layout (spec §2 Layout "general information
 * banner", §3 Information banner, §7 GET /api/bandeaux-informatifs), kept
 * by the BFF process for a minute.
 *
 * Why a cache: the root loader runs on every page, and each page's server
 * time is measured (docs/performance.md). The banners are the same for
 * every user (the API filters them by date and `demandeType` only), and an
 * administrator's new banner may show up to a minute late, so one API call
 * per minute and list is enough instead of one per page.
 */
import cluster from "node:cluster";
import type { AppLoadContext } from "@remix-run/node";
import type { BandeauInformatif } from "#contract/schemas/reference";
import { callEndpoint, listerBandeaux } from "./api-client.server";

/** The lists the API answers: `general` alone, or with the `info` banners of a file type. */
export type CleBandeaux = "general" | "demande" | "changement-notable";

/** How long a list is reused, in milliseconds. */
export const DUREE_CACHE_BANDEAUX_MS = 60_000;

/**
 * A cache of banner lists by `CleBandeaux`. `maintenant` gives the time in
 * ms (`Date.now` by default; tests pass their own clock). `lire(cle, charger)`
 * answers the list kept for `cle` if it was read less than `dureeMs` ago,
 * else awaits `charger()` and keeps its answer; a failure is not kept
 * (it propagates, and the next read asks again).
 */
export function creerCacheBandeaux(
  maintenant: () => number = Date.now,
  dureeMs: number = DUREE_CACHE_BANDEAUX_MS,
) {
  const listes = new Map<CleBandeaux, { lueA: number; bandeaux: BandeauInformatif[] }>();
  return {
    async lire(
      cle: CleBandeaux,
      charger: () => Promise<BandeauInformatif[]>,
    ): Promise<BandeauInformatif[]> {
      const gardee = listes.get(cle);
      if (gardee && maintenant() - gardee.lueA < dureeMs) return gardee.bandeaux;
      const bandeaux = await charger();
      listes.set(cle, { lueA: maintenant(), bandeaux });
      return bandeaux;
    },
    /** Forgets every list: the next read of each asks again. */
    vider(): void {
      listes.clear();
    },
  };
}

/** The process's cache: three small lists at most. */
const cache = creerCacheBandeaux();

/**
 * The banners in force for `cle` (`general`: the general banners only;
 * `demande` / `changement-notable`: the general ones and the `info` ones of
 * that type, general first), read with the signed-in user's token on a
 * cache miss. Throws as `callEndpoint` does; callers in the layout catch
 * (a banner never blocks a page). Treat the answer as read-only: it is shared.
 */
export function bandeauxEnCours(
  request: Request,
  context: AppLoadContext,
  cle: CleBandeaux,
): Promise<BandeauInformatif[]> {
  return cache.lire(cle, () =>
    callEndpoint(request, context, listerBandeaux, {
      query: cle === "general" ? {} : { demandeType: cle },
    }),
  );
}

/** Subject of the cluster's cache-clearing message for the banners (server/cluster.ts, ADR 0028). */
const SUJET_DIFFUSION = "bandeaux";

/**
 * Forgets the banners this process keeps: called after
 * the administrator creates or removes one (app/routes/administration.bandeaux.tsx),
 * so that he, and every page this process serves, sees the change at once.
 * Under one process per core (ADR 0028) the other workers of this instance
 * are told through the primary (`process.send`, relayed to every other
 * worker); another instance of the portal still answers its own copy for
 * up to a minute (`DUREE_CACHE_BANDEAUX_MS`).
 */
export function viderCacheBandeaux(): void {
  cache.vider();
  if (cluster.isWorker) process.send?.({ type: "portail:diffusion", sujet: SUJET_DIFFUSION });
}

// A worker of the cluster: the primary relays another worker's clearing here.
if (cluster.isWorker) {
  process.on("message", (message: unknown) => {
    const m = message as { type?: unknown; sujet?: unknown } | null;
    if (m?.type === "portail:diffusion" && m.sujet === SUJET_DIFFUSION) cache.vider();
  });
}
