/**
 * "Mot de passe oublié ?" of the embedded identity provider
 * (ADR 0014): a link sent by e-mail, single use, valid one hour, whose
 * token is stored only as its SHA-256 (`jeton_email`, type
 * `reinitialisation_mot_de_passe`); the new password follows the spec's
 * rule (spec §5 "Accounts": contract/validation.ts `motDePasse`) and differs
 * from the old one; once changed, every session of the account ends.
 * Routes and pages: idp/mot-de-passe-oublie.ts, idp/pages/mot-de-passe.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, Db } from "../api/db/client.ts";
import { jetonsEmail, oidcPayloads, sessions, utilisateurs } from "../api/db/schema.ts";
import { MESSAGES_ERREURS } from "../contract/messages/erreurs.ts";
import { MESSAGES, motDePasse } from "../contract/validation.ts";
import { courrielReinitialisation } from "./courriel-reinitialisation.ts";

/** How long a reset link stays valid, in minutes. */
export const VALIDITE_LIEN_MINUTES = 60;

/** Bad input: an unknown, expired or already used link. */
export const LIEN_PLUS_VALABLE = MESSAGES_ERREURS.verifyToken;

/** Spec §5 "Accounts": the new password must differ from the old. */
export const MOT_DE_PASSE_IDENTIQUE = "Le nouveau mot de passe doit être différent de l'ancien.";

const TYPE = "reinitialisation_mot_de_passe" as const;

/** A mail as the portal's mailer takes it (api/mail/types.ts `Mailer` fits). */
export interface EnvoiCourriel {
  envoyer(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** SHA-256 (hex) of a link's token: only this is stored. */
function hacher(jeton: string): string {
  return createHash("sha256").update(jeton).digest("hex");
}

/**
 * Address of the new-password page for `jeton` under `baseRealm` (absolute
 * address of the realm); the token travels as `token`, which the logs mask.
 */
export function lienReinitialisation(baseRealm: string, jeton: string): string {
  return `${baseRealm}/mot-de-passe-oublie/nouveau?token=${encodeURIComponent(jeton)}`;
}

/**
 * A reset request for `email` (case-insensitive, trimmed). When an active
 * account with a password has this address: its previous reset links stop
 * working, a new one valid {@link VALIDITE_LIEN_MINUTES} minutes from
 * `now()` is stored (its hash) and mailed. Unknown, pending (spec §9: they
 * confirm their address first) or password-less accounts: nothing, no mail.
 * Returns whether a mail was sent; rejects when the mail could not be sent
 * (the link is then withdrawn) or the database fails. The page answers the
 * same whatever happens here (idp/mot-de-passe-oublie.ts).
 */
export async function demanderReinitialisation(
  deps: {
    database: Database;
    mailer: EnvoiCourriel;
    now: () => Date;
    /** Absolute address of the realm's pages: `${publicUrl}/realms/mar_users`. */
    baseRealm: string;
  },
  email: string,
): Promise<boolean> {
  const { database, mailer, now } = deps;
  const adresse = email.trim().toLowerCase();
  if (!adresse) return false;
  const [compte] = await database.db
    .select({ id: utilisateurs.id, email: utilisateurs.email, prenom: utilisateurs.prenom })
    .from(utilisateurs)
    .where(
      and(
        sql`lower(${utilisateurs.email}) = ${adresse}`,
        eq(utilisateurs.statut, "actif"),
        isNotNull(utilisateurs.passwordHash),
      ),
    )
    .limit(1);
  if (!compte) return false;
  const jeton = randomBytes(32).toString("base64url");
  const maintenant = now();
  await database.db.transaction(async (tx) => {
    await tx
      .delete(jetonsEmail)
      .where(and(eq(jetonsEmail.utilisateurId, compte.id), eq(jetonsEmail.type, TYPE)));
    await tx.insert(jetonsEmail).values({
      utilisateurId: compte.id,
      type: TYPE,
      tokenHash: hacher(jeton),
      expiresAt: new Date(maintenant.getTime() + VALIDITE_LIEN_MINUTES * 60_000),
      dateCreation: maintenant,
    });
  });
  try {
    await mailer.envoyer({
      to: compte.email,
      ...courrielReinitialisation({
        prenom: compte.prenom,
        lien: lienReinitialisation(deps.baseRealm, jeton),
        nouvelleDemande: `${deps.baseRealm}/mot-de-passe-oublie`,
        validiteMinutes: VALIDITE_LIEN_MINUTES,
      }),
    });
  } catch (error) {
    // A link nobody received must not stay usable.
    await database.db.delete(jetonsEmail).where(eq(jetonsEmail.tokenHash, hacher(jeton)));
    throw error;
  }
  return true;
}

/** The stored link of `jeton` when it is still valid at `maintenant`. */
async function lienValide(database: Database, jeton: string, maintenant: Date) {
  if (!jeton) return undefined;
  const [lien] = await database.db
    .select({
      utilisateurId: jetonsEmail.utilisateurId,
      expiresAt: jetonsEmail.expiresAt,
      passwordHash: utilisateurs.passwordHash,
      idIdp: utilisateurs.idIdp,
      statut: utilisateurs.statut,
    })
    .from(jetonsEmail)
    .innerJoin(utilisateurs, eq(utilisateurs.id, jetonsEmail.utilisateurId))
    .where(and(eq(jetonsEmail.tokenHash, hacher(jeton)), eq(jetonsEmail.type, TYPE)))
    .limit(1);
  if (!lien || lien.expiresAt.getTime() <= maintenant.getTime()) return undefined;
  if (lien.statut !== "actif") return undefined;
  return lien;
}

/** Whether `jeton` is a reset link still valid at `now` (the page then shows the form). */
export async function lienReinitialisationValable(
  database: Database,
  jeton: string,
  now: Date,
): Promise<boolean> {
  return (await lienValide(database, jeton, now)) !== undefined;
}

/** A refused field of the new-password form, with its message. */
export interface ErreurChamp {
  champ: "motDePasse" | "confirmation";
  message: string;
}

export type ResultatReinitialisation =
  | { statut: "modifie"; idIdp: string }
  | { statut: "lien_invalide" }
  | { statut: "refuse"; erreurs: ErreurChamp[] };

/**
 * Sets a new password through the link of `jeton` at `now()`:
 * - unknown, expired or used link → `lien_invalide` (nothing changes);
 * - each broken rule of the spec's password rule (contract/validation.ts
 *   `motDePasse`, one message per rule it reports), the new password equal
 *   to the old one, a missing or different confirmation → `refuse` with
 *   every message; the link stays usable;
 * - else the link is consumed (single use, even against a concurrent
 *   submission: deleted in the transaction that changes the password), the
 *   argon2id hash replaced, the account's other reset links and its
 *   pending e-mail change links deleted, and
 *   every session of the account ended ({@link terminerSessions}) →
 *   `modifie` with the account's `sub`.
 */
export async function reinitialiserMotDePasse(
  deps: { database: Database; now: () => Date },
  saisie: { jeton: string; motDePasse: string; confirmation: string },
): Promise<ResultatReinitialisation> {
  const { database, now } = deps;
  const lien = await lienValide(database, saisie.jeton, now());
  if (!lien) return { statut: "lien_invalide" };

  const erreurs: ErreurChamp[] = [];
  const regle = motDePasse().safeParse(saisie.motDePasse);
  if (!regle.success) {
    for (const issue of regle.error.issues)
      erreurs.push({ champ: "motDePasse", message: issue.message });
  } else if (
    lien.passwordHash &&
    (await verify(lien.passwordHash, saisie.motDePasse).catch(() => false))
  ) {
    erreurs.push({ champ: "motDePasse", message: MOT_DE_PASSE_IDENTIQUE });
  }
  if (!saisie.confirmation) erreurs.push({ champ: "confirmation", message: MESSAGES.requis });
  else if (saisie.confirmation !== saisie.motDePasse)
    erreurs.push({ champ: "confirmation", message: MESSAGES.egalite });
  if (erreurs.length > 0) return { statut: "refuse", erreurs };

  const passwordHash = await hash(saisie.motDePasse);
  const maintenant = now();
  return database.db.transaction(async (tx) => {
    const [consomme] = await tx
      .delete(jetonsEmail)
      .where(and(eq(jetonsEmail.tokenHash, hacher(saisie.jeton)), eq(jetonsEmail.type, TYPE)))
      .returning({ expiresAt: jetonsEmail.expiresAt });
    // Used by a concurrent submission meanwhile, or expired since the check.
    if (!consomme || consomme.expiresAt.getTime() <= maintenant.getTime())
      return { statut: "lien_invalide" } as const;
    await tx
      .update(utilisateurs)
      .set({ passwordHash, dateModification: maintenant })
      .where(eq(utilisateurs.id, lien.utilisateurId));
    // Pending e-mail change links die with the old password: one asked by
    // whoever held it must not survive the owner's reset.
    await tx
      .delete(jetonsEmail)
      .where(
        and(
          eq(jetonsEmail.utilisateurId, lien.utilisateurId),
          inArray(jetonsEmail.type, [TYPE, "changement_email"]),
        ),
      );
    await terminerSessions(tx, lien.idIdp);
    return { statut: "modifie", idIdp: lien.idIdp } as const;
  });
}

/**
 * Ends every session of the account whose `sub` is `idIdp`: the provider's
 * rows that name it (sessions, grants, refresh tokens, authorization codes:
 * `payload.accountId`), so that no browser stays signed in at the provider
 * and no refresh token works; and the portal's server-side sessions
 * (`session.data.user.idIdp`, app/.server/context.ts `SessionData`), so that
 * the portal's pages ask for a new sign-in at once rather than when the
 * access token (5 minutes) expires.
 */
export async function terminerSessions(handle: Db, idIdp: string): Promise<void> {
  await handle.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${idIdp}`);
  await handle.delete(sessions).where(sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`);
}
