/**
 * Change of e-mail from the account settings (spec §3 `isEmailTokenValid`,
 * §8 invalid e-mail token; ADR 0025), asked with the current password. A link sent to
 * the new address (32 random bytes, only the SHA-256 stored in
 * `jeton_email`, type `changement_email`, with the new address), single
 * use, valid {@link VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES} hours; the old
 * address is told. The account's address — the embedded provider's login —
 * changes only when the link is followed; every session then ends.
 */
import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { messageTropDeDemandes } from "../../../contract/schemas/candidat.ts";
import {
  MESSAGE_EMAIL_DEJA_UTILISE,
  MESSAGE_EMAIL_IDENTIQUE,
  MESSAGE_LIEN_PLUS_VALABLE,
  MESSAGE_MOT_DE_PASSE_EXTERNE,
  VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES,
  type ChangementEmail,
  type VerificationLienEmail,
} from "../../../contract/schemas/compte-parametres.ts";
import type { Database } from "../../db/client.ts";
import { jetonsEmail, utilisateurs } from "../../db/schema.ts";
import type { Mailer } from "../../mail/types.ts";
import { EnvoiCourrielErreur, hacherJeton } from "../creation-compte.ts";
import { conflit, invalide, trop } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { Limite } from "../limites-publiques.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  courrielAdresseDejaUtilisee,
  courrielConfirmationNouvelleAdresse,
  courrielInformationAncienneAdresse,
} from "./courriels.ts";
import { verifierMotDePasseActuel, type DepsReauthentification } from "./reauthentification.ts";
import { terminerToutesLesSessions } from "./sessions.ts";

const TYPE = "changement_email" as const;

/** What the e-mail change needs. */
export interface DepsChangementEmail {
  database: Database;
  horloge: Horloge;
  mailer: Mailer;
  /** Public address of the portal, without trailing slash (links in mails). */
  publicUrl: string;
  /** The limits of the current-password check (./reauthentification.ts). */
  reauthentification: DepsReauthentification;
  /**
   * The limits of the mails a request sends, counted before any is sent:
   * per account, per address asked for (shared with the sign-up mails:
   * mails to one address) and per client address (shared likewise).
   */
  envois: { parCompte: Limite; parAdresse: Limite; parIp: Limite };
  /** Pseudonym of an e-mail address (keys of the per-address counters). */
  pseudonyme: (email: string) => string;
}

/** Address of the portal's confirmation page for `jeton`. */
export function lienChangementEmail(publicUrl: string, jeton: string): string {
  return `${publicUrl}/account/confirmation-email?token=${encodeURIComponent(jeton)}`;
}

/** Whether an account other than `utilisateurId` already has `adresse` (case-insensitive). */
async function adressePrise(
  database: Database,
  adresse: string,
  utilisateurId: string,
): Promise<boolean> {
  const [autre] = await database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(and(sql`lower(${utilisateurs.email}) = ${adresse}`, ne(utilisateurs.id, utilisateurId)))
    .limit(1);
  return autre !== undefined;
}

const erreurAdresse = (message: string) => invalide(message, { champs: { email: [message] } });

/**
 * Asks for the change of `utilisateur`'s address to `saisie.email` (already
 * trimmed and lower-cased by the contract), proved by his current password
 * `saisie.motDePasseActuel`, for a request from `ip` (`sujetIp`). Refusals,
 * before anything is written or sent: 409 when his password lives in an
 * external provider; 429 past the re-authentication limits, then 422 on
 * `motDePasseActuel` for a wrong password; 422 on `email` when it is his
 * already; 429 past the mail limits (per account, per address asked for,
 * per IP). Then his previous change links stop working and the old address
 * is told; when no other account has the address, a new link is stored and
 * mailed to it, otherwise the owner of that address is told instead and no
 * link exists: the answer is the same, so that nobody learns which
 * addresses have an account. When the mail to the address asked for cannot
 * be sent its link is withdrawn and `EnvoiCourrielErreur` thrown (503); the
 * notice to the old address is best effort. Returns the address asked for.
 */
export async function demanderChangementEmail(
  deps: DepsChangementEmail,
  utilisateur: UtilisateurConnecte,
  saisie: ChangementEmail,
  ip: string,
): Promise<{ email: string }> {
  const { database, horloge, mailer, publicUrl } = deps;
  const { row } = utilisateur;
  const { email } = saisie;
  if (!row.passwordHash) throw conflit(MESSAGE_MOT_DE_PASSE_EXTERNE);
  await verifierMotDePasseActuel(deps.reauthentification, {
    utilisateurId: row.id,
    empreinte: row.passwordHash,
    motDePasse: saisie.motDePasseActuel,
    ip,
  });
  if (email === row.email.toLowerCase()) throw erreurAdresse(MESSAGE_EMAIL_IDENTIQUE);
  const depassement = await deps.reauthentification.limiteur.compter([
    { limite: deps.envois.parCompte, sujet: row.id },
    { limite: deps.envois.parAdresse, sujet: deps.pseudonyme(email) },
    { limite: deps.envois.parIp, sujet: ip },
  ]);
  if (depassement)
    throw trop(
      messageTropDeDemandes(depassement.retryAfterSecondes),
      depassement.retryAfterSecondes,
    );

  const prise = await adressePrise(database, email, row.id);
  const jeton = randomBytes(32).toString("base64url");
  const tokenHash = hacherJeton(jeton);
  const maintenant = horloge.now();
  await database.db.transaction(async (tx) => {
    await tx
      .delete(jetonsEmail)
      .where(and(eq(jetonsEmail.utilisateurId, row.id), eq(jetonsEmail.type, TYPE)));
    if (prise) return;
    await tx.insert(jetonsEmail).values({
      utilisateurId: row.id,
      type: TYPE,
      tokenHash,
      nouvelleAdresse: email,
      expiresAt: new Date(maintenant.getTime() + VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES * 3600_000),
      dateCreation: maintenant,
    });
  });
  try {
    await mailer.envoyer({
      to: email,
      ...(prise
        ? courrielAdresseDejaUtilisee({ connexion: `${publicUrl}/account/login` })
        : courrielConfirmationNouvelleAdresse({
            prenom: row.prenom,
            nom: row.nom,
            lien: lienChangementEmail(publicUrl, jeton),
            validiteHeures: VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES,
          })),
    });
  } catch (error) {
    // A link nobody received must not stay usable.
    if (!prise) await database.db.delete(jetonsEmail).where(eq(jetonsEmail.tokenHash, tokenHash));
    throw new EnvoiCourrielErreur(error);
  }
  await mailer
    .envoyer({
      to: row.email,
      ...courrielInformationAncienneAdresse({
        prenom: row.prenom,
        nom: row.nom,
        nouvelleAdresse: email,
        parametres: `${publicUrl}/account/params`,
      }),
    })
    .catch(() => undefined);
  return { email };
}

/**
 * `isEmailTokenValid` (spec §3): whether `jeton` is a change link still
 * valid at `horloge.now()`, and the address it would confirm. Consumes nothing.
 */
export async function verifierLienChangementEmail(
  database: Database,
  horloge: Horloge,
  jeton: string,
): Promise<VerificationLienEmail> {
  if (!jeton) return { isEmailTokenValid: false, email: null };
  const [lien] = await database.db
    .select({ expiresAt: jetonsEmail.expiresAt, email: jetonsEmail.nouvelleAdresse })
    .from(jetonsEmail)
    .where(and(eq(jetonsEmail.tokenHash, hacherJeton(jeton)), eq(jetonsEmail.type, TYPE)))
    .limit(1);
  if (!lien?.email || lien.expiresAt.getTime() <= horloge.now().getTime())
    return { isEmailTokenValid: false, email: null };
  return { isEmailTokenValid: true, email: lien.email };
}

/** PostgreSQL's unique_violation, whichever driver and wrapping. */
function estViolationUnicite(error: unknown): boolean {
  for (let courant = error; courant; courant = (courant as { cause?: unknown }).cause) {
    if ((courant as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Follows a change link (POST /api/user/token-mail/confirmation): the token
 * is consumed (single use, even against a concurrent submission: deleted in
 * the transaction); unknown, used or expired → 422 with the spec's message
 * (§8). Otherwise the account's address becomes the new one (the embedded
 * provider's login from now on), its other change links are deleted and
 * every session of the account ends (tokens carrying the old address must
 * not write it back). An address taken meanwhile by another account → 422
 * on `email`, nothing changed. Returns the new address.
 */
export async function confirmerChangementEmail(
  database: Database,
  horloge: Horloge,
  jeton: string,
): Promise<{ email: string }> {
  try {
    return await database.db.transaction(async (tx) => {
      const [consomme] = await tx
        .delete(jetonsEmail)
        .where(and(eq(jetonsEmail.tokenHash, hacherJeton(jeton)), eq(jetonsEmail.type, TYPE)))
        .returning({
          utilisateurId: jetonsEmail.utilisateurId,
          expiresAt: jetonsEmail.expiresAt,
          email: jetonsEmail.nouvelleAdresse,
        });
      if (!consomme?.email || consomme.expiresAt.getTime() <= horloge.now().getTime())
        throw invalide(MESSAGE_LIEN_PLUS_VALABLE);
      const [compte] = await tx
        .update(utilisateurs)
        .set({ email: consomme.email, dateModification: horloge.now() })
        .where(eq(utilisateurs.id, consomme.utilisateurId))
        .returning({ idIdp: utilisateurs.idIdp, email: utilisateurs.email });
      if (!compte) throw invalide(MESSAGE_LIEN_PLUS_VALABLE);
      await tx
        .delete(jetonsEmail)
        .where(
          and(eq(jetonsEmail.utilisateurId, consomme.utilisateurId), eq(jetonsEmail.type, TYPE)),
        );
      await terminerToutesLesSessions(tx, compte.idIdp);
      return { email: compte.email };
    });
  } catch (error) {
    if (estViolationUnicite(error)) throw erreurAdresse(MESSAGE_EMAIL_DEJA_UTILISE);
    throw error;
  }
}
