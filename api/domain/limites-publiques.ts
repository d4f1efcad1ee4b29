/**
 * Rate limits of the public endpoints that send mail or answer about
 * accounts (ADR 0013, OWASP ASVS 4.0.3 V2.2.1 and V11.1.4): account
 * creation, new confirmation link, uniqueness checks. Fixed-window counters
 * in the `compteur_limite` table, shared by every instance, counted before
 * the work by one `INSERT … ON CONFLICT DO UPDATE … RETURNING` statement
 * (atomic on PostgreSQL and PGlite alike: however many requests arrive at
 * once, each one sees its own count). HTTP lives in api/http/routes/candidat.ts.
 */
import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Database } from "../db/client.ts";
import type { Horloge } from "./horloge.ts";

/** One limit: at most `max` attempts per subject within `fenetreSecondes`. */
export interface Limite {
  /** Name of the limit, prefix of its counters' keys and word of the logs. */
  nom: string;
  max: number;
  fenetreSecondes: number;
}

/** An attempt to count: a limit and its subject (an IP address, a pseudonymised e-mail). */
export interface Comptage {
  limite: Limite;
  sujet: string;
}

/** A refused attempt: the limit it exceeds (the longest wait if several) and when to try again. */
export interface Depassement {
  limite: Limite;
  sujet: string;
  /** Seconds until the window of that limit ends (at least 1). */
  retryAfterSecondes: number;
}

/** How often a limiter deletes the counters whose window is over. */
const INTERVALLE_PURGE_MS = 10 * 60 * 1000;

/**
 * Pseudonym of an e-mail address for keys and logs: HMAC-SHA256 keyed by
 * `secret` of the trimmed, lower-cased address, first 16 hex digits (the
 * same as idp/interactions.ts, so that both logs can be matched). Nothing
 * stored or logged gives the address back without the secret.
 */
export function pseudonymiserAdresse(secret: string, email: string): string {
  return createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("hex").slice(0, 16);
}

/**
 * The subject of a per-IP limit for address `ip` (Express's `req.ip`): an
 * IPv4 address as is (also when written IPv4-mapped, `::ffff:a.b.c.d`), an
 * IPv6 address reduced to its /64 prefix, since one host usually holds a
 * whole /64 and could otherwise change address at each request.
 */
export function sujetIp(ip: string | undefined): string {
  if (!ip) return "inconnue";
  const mappee = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mappee) return mappee[1];
  if (!isIPv6(ip)) return ip;
  const [tete, queue = ""] = ip.split("::");
  const debut = tete ? tete.split(":") : [];
  const fin = ip.includes("::") && queue ? queue.split(":") : [];
  const groupes = ip.includes("::")
    ? [...debut, ...Array<string>(8 - debut.length - fin.length).fill("0"), ...fin]
    : debut;
  return `${groupes
    .slice(0, 4)
    .map((groupe) => Number.parseInt(groupe || "0", 16).toString(16))
    .join(":")}::/64`;
}

/**
 * A limiter over `database`, reading the time from `horloge`. `compter`
 * counts one attempt against each of `comptages` in one statement and
 * returns a limit whose count now exceeds its `max`, the one with the
 * longest wait (the attempt is then refused: the caller does nothing
 * else), or undefined. Refused
 * attempts count too, but a window never outlives its end: at most `max`
 * attempts per subject go through per window. Every ten minutes (by
 * `horloge`) a call also deletes the counters whose window is over.
 */
export function creerLimiteur(database: Database, horloge: Horloge) {
  let prochainePurge = 0;

  async function purger(maintenant: Date): Promise<void> {
    if (maintenant.getTime() < prochainePurge) return;
    prochainePurge = maintenant.getTime() + INTERVALLE_PURGE_MS;
    await database.query("delete from compteur_limite where fin_fenetre <= $1", [
      maintenant.toISOString(),
    ]);
  }

  return {
    async compter(comptages: Comptage[]): Promise<Depassement | undefined> {
      const maintenant = horloge.now();
      // One row per key: ON CONFLICT DO UPDATE cannot touch a row twice in a statement.
      const parCle = new Map<string, Comptage>();
      for (const comptage of comptages)
        parCle.set(`${comptage.limite.nom}:${comptage.sujet}`, comptage);
      if (parCle.size === 0) return undefined;
      const params: unknown[] = [maintenant.toISOString()];
      const lignes = [...parCle].map(([cle, { limite }]) => {
        const fin = new Date(maintenant.getTime() + limite.fenetreSecondes * 1000);
        params.push(cle, fin.toISOString());
        return `($${params.length - 1}, 1, $${params.length}::timestamptz)`;
      });
      // A row whose window is over starts a new window at 1; otherwise +1.
      // The row lock of ON CONFLICT serialises concurrent attempts on a key.
      const comptes = await database.query<{ cle: string; nombre: number; fin_fenetre: Date }>(
        `insert into compteur_limite as c (cle, nombre, fin_fenetre)
         values ${lignes.join(", ")}
         on conflict (cle) do update set
           nombre = case when c.fin_fenetre <= $1::timestamptz then 1 else c.nombre + 1 end,
           fin_fenetre = case when c.fin_fenetre <= $1::timestamptz
             then excluded.fin_fenetre else c.fin_fenetre end
         returning cle, nombre, fin_fenetre`,
        params,
      );
      await purger(maintenant);
      let depassement: Depassement | undefined;
      for (const { cle, nombre, fin_fenetre } of comptes) {
        const comptage = parCle.get(cle);
        if (!comptage || nombre <= comptage.limite.max) continue;
        const attente = Math.max(
          1,
          Math.ceil((new Date(fin_fenetre).getTime() - maintenant.getTime()) / 1000),
        );
        if (!depassement || attente > depassement.retryAfterSecondes)
          depassement = { ...comptage, retryAfterSecondes: attente };
      }
      return depassement;
    },

    /**
     * Gives back one attempt to each of `comptages` (counted by `compter`):
     * for limits that count failures only, once the attempt proved right.
     */
    async rendre(comptages: Comptage[]): Promise<void> {
      const cles = [...new Set(comptages.map(({ limite, sujet }) => `${limite.nom}:${sujet}`))];
      if (cles.length === 0) return;
      await database.query(
        `update compteur_limite set nombre = greatest(nombre - 1, 0)
         where cle in (${cles.map((_, i) => `$${i + 1}`).join(", ")})`,
        cles,
      );
    },
  };
}

export type Limiteur = ReturnType<typeof creerLimiteur>;
