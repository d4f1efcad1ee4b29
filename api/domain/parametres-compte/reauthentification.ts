/**
 * Re-authentication of a signed-in account: the check of its current
 * password before a change of who can reach it (password, e-mail address),
 * limited like the sign-in (ADR 0010, README `LOGIN_RATE_LIMIT_IP` and
 * `LOGIN_RATE_LIMIT_ACCOUNT`). Each check is counted per account and per
 * client address *before* argon2 runs, so a borrowed session cannot try
 * passwords faster than the sign-in page allows; a right password gives its
 * attempt back, so only failures use the limits.
 */
import { verify } from "@node-rs/argon2";
import { messageTropDeDemandes } from "../../../contract/schemas/candidat.ts";
import { MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT } from "../../../contract/schemas/compte-parametres.ts";
import { MESSAGES } from "../../../contract/validation.ts";
import { invalide, trop } from "../erreurs.ts";
import type { Comptage, Limite, Limiteur } from "../limites-publiques.ts";

/** Window of the re-authentication limits, in seconds: the sign-in's (idp/rate-limit.ts). */
export const FENETRE_REAUTHENTIFICATION_SECONDES = 15 * 60;

/** The sign-in limits (server config `loginRateLimit`): failures per IP and per account. */
export interface ReglagesReauthentification {
  perIp: number;
  perAccount: number;
}

/** The two limits of the current-password checks, from the sign-in's settings. */
export function limitesReauthentification(reglages: ReglagesReauthentification): {
  parIp: Limite;
  parCompte: Limite;
} {
  const fenetreSecondes = FENETRE_REAUTHENTIFICATION_SECONDES;
  return {
    parIp: { nom: "reauthentification-ip", max: reglages.perIp, fenetreSecondes },
    parCompte: { nom: "reauthentification-compte", max: reglages.perAccount, fenetreSecondes },
  };
}

/** What a current-password check needs: the shared limiter and its two limits. */
export interface DepsReauthentification {
  limiteur: Limiteur;
  limites: ReturnType<typeof limitesReauthentification>;
}

/**
 * Checks that `motDePasse` is the current password of account
 * `utilisateurId`, whose argon2id hash is `empreinte`, for a request from
 * `ip` (a subject of `sujetIp`). Throws `trop` (429, Retry-After) when the
 * account or the address has used its failures of the window, before any
 * verification; `invalide` (422) on the field `motDePasseActuel` when the
 * password is wrong (that failure stays counted). A right password gives
 * the attempt back.
 */
export async function verifierMotDePasseActuel(
  deps: DepsReauthentification,
  saisie: { utilisateurId: string; empreinte: string; motDePasse: string; ip: string },
): Promise<void> {
  const comptages: Comptage[] = [
    { limite: deps.limites.parIp, sujet: saisie.ip },
    { limite: deps.limites.parCompte, sujet: saisie.utilisateurId },
  ];
  const depassement = await deps.limiteur.compter(comptages);
  if (depassement)
    throw trop(
      messageTropDeDemandes(depassement.retryAfterSecondes),
      depassement.retryAfterSecondes,
    );
  // A malformed stored hash is a mismatch, never a 500.
  const juste = await verify(saisie.empreinte, saisie.motDePasse).catch(() => false);
  if (!juste)
    throw invalide(MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT, {
      champs: { motDePasseActuel: [MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT] },
    });
  await deps.limiteur.rendre(comptages);
}

/**
 * The check of a change of who can reach what (ADR 0041): when the portal
 * holds the account's password (`empreinte`, null with an external
 * identity provider), `motDePasse` is required — 422 on `motDePasseActuel`
 * when missing — and checked by {@link verifierMotDePasseActuel}; without
 * a password held here, nothing is asked.
 */
export async function reauthentifierSiMotDePasseDetenu(
  deps: DepsReauthentification,
  saisie: { utilisateurId: string; empreinte: string | null; motDePasse?: string; ip: string },
): Promise<void> {
  if (!saisie.empreinte) return;
  if (!saisie.motDePasse)
    throw invalide(MESSAGES.requis, { champs: { motDePasseActuel: [MESSAGES.requis] } });
  await verifierMotDePasseActuel(deps, {
    ...saisie,
    empreinte: saisie.empreinte,
    motDePasse: saisie.motDePasse,
  });
}
