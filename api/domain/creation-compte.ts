/**
 * Applicant accounts (spec §1, §3 "Applicant account", §5 Accounts, §9;
 * DESIGN §5 "account confirmation"): creation with its company, e-mail
 * confirmation link valid 72 hours, new link, terms acceptance, and the purge
 * of accounts never confirmed. HTTP lives in api/http/routes/candidat.ts.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import { CGU_VERSION } from "../../contract/cgu.ts";
import {
  VALIDITE_LIEN_CONFIRMATION_HEURES,
  expirationLienConfirmation,
  limitePurgeComptesEnAttente,
} from "../../contract/delais.ts";
import type {
  ChampCompteExistant,
  ChampVerifiable,
  CreationCompte,
} from "../../contract/schemas/candidat.ts";
import { normaliserRecherche } from "../../contract/texte.ts";
import type { Database, Db } from "../db/client.ts";
import { jetonsEmail, societes, utilisateurs } from "../db/schema.ts";
import { courrielCompteExistant } from "../mail/courriel-compte-existant.ts";
import { courrielConfirmationCompte } from "../mail/templates.ts";
import type { Mailer } from "../mail/types.ts";
import type { Horloge } from "./horloge.ts";

/** What account creation and new links need besides the data. */
export interface DepsComptes {
  database: Database;
  horloge: Horloge;
  mailer: Mailer;
  /** Public address of the portal, without trailing slash (links in mails). */
  publicUrl: string;
}

/** An account already exists for this SIREN or company name (→ 409). */
export class CompteExistantErreur extends Error {
  constructor(readonly champ: ChampCompteExistant) {
    super(`Compte existant (${champ})`);
  }
}

/** The confirmation mail could not be sent: nothing was created (→ 503). */
export class EnvoiCourrielErreur extends Error {
  constructor(cause: unknown) {
    super("Envoi du courriel impossible", { cause });
  }
}

/** SHA-256 (hex) of a link token: only this is stored (jeton_email). */
export function hacherJeton(jeton: string): string {
  return createHash("sha256").update(jeton).digest("hex");
}

/** A new random link token (32 bytes, base64url) and its stored hash. */
function nouveauJeton(): { jeton: string; tokenHash: string } {
  const jeton = randomBytes(32).toString("base64url");
  return { jeton, tokenHash: hacherJeton(jeton) };
}

/** The address of the confirmation page for `jeton`. */
export function lienConfirmation(publicUrl: string, jeton: string): string {
  return `${publicUrl}/creation-compte/confirmation?token=${encodeURIComponent(jeton)}`;
}

/**
 * Whether a company whose name normalises like `raisonSociale` exists
 * (accents, case, punctuation and spaces ignored: contract/texte.ts). The
 * names are compared in JavaScript so that the rule is exactly the shared
 * one; there are a few thousand companies at most.
 */
async function raisonSocialeExiste(db: Db, raisonSociale: string): Promise<boolean> {
  const cherche = normaliserRecherche(raisonSociale);
  if (!cherche) return false;
  const noms = await db.select({ nom: societes.raisonSociale }).from(societes);
  return noms.some(({ nom }) => normaliserRecherche(nom) === cherche);
}

/**
 * Whether `valeur` is already taken for `champ` (spec §5 "uniqueness checked
 * at registration"): e-mail of any account, case-insensitive; SIREN with
 * spaces removed; company name accent- and case-insensitive. Pending
 * accounts count.
 */
export async function valeurExiste(
  db: Db,
  champ: ChampVerifiable,
  valeur: string,
): Promise<boolean> {
  switch (champ) {
    case "email": {
      const [row] = await db
        .select({ id: utilisateurs.id })
        .from(utilisateurs)
        .where(sql`lower(${utilisateurs.email}) = ${valeur.trim().toLowerCase()}`)
        .limit(1);
      return Boolean(row);
    }
    case "siren": {
      const [row] = await db
        .select({ id: societes.id })
        .from(societes)
        .where(eq(societes.siren, valeur.replace(/\s+/g, "")))
        .limit(1);
      return Boolean(row);
    }
    case "raisonSociale":
      return raisonSocialeExiste(db, valeur);
  }
}

/** The first field of the form already taken, in the order SIREN, company name, e-mail. */
async function champDejaPris(
  db: Db,
  donnees: Pick<CreationCompte, "siren" | "raisonSociale" | "email">,
): Promise<ChampVerifiable | undefined> {
  for (const champ of ["siren", "raisonSociale", "email"] as const) {
    if (await valeurExiste(db, champ, donnees[champ])) return champ;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, whichever driver (pg, PGlite) and drizzle wrapping. */
function estViolationUnicite(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Mails the owner of `email` that an account already exists with it (the
 * creation answers as for a new account, the owner learns it
 * here). Throws `EnvoiCourrielErreur` when the mail is refused.
 */
async function prevenirCompteExistant(deps: DepsComptes, email: string): Promise<void> {
  try {
    await deps.mailer.envoyer({
      to: email,
      ...courrielCompteExistant({
        connexion: `${deps.publicUrl}/account/login`,
        nouveauLien: `${deps.publicUrl}/creation-compte/nouveau-lien`,
      }),
    });
  } catch (error) {
    throw new EnvoiCourrielErreur(error);
  }
}

/**
 * Creates an applicant account (POST /api/candidate/create): company,
 * pending `demandeur` user (argon2id password hash) and a confirmation token
 * expiring 72 h after `horloge.now()`, then sends the confirmation mail, all
 * in one transaction, so that a mail that cannot be sent leaves nothing
 * behind. Returns the e-mail and whether an account was created.
 * When only the e-mail is taken (any account, staff included), creates
 * nothing, mails the owner of the address instead and returns
 * `compteCree: false`, so that the answer does not tell which addresses
 * have an account (ADR 0013).
 * Throws `CompteExistantErreur` when the SIREN or the company name is taken
 * (one account per SIREN, spec §5, §8), also when a concurrent creation wins
 * the race; `EnvoiCourrielErreur` when a mail is refused.
 */
export async function creerCompteCandidat(
  deps: DepsComptes,
  donnees: CreationCompte,
): Promise<{ email: string; compteCree: boolean }> {
  const { database, horloge, mailer, publicUrl } = deps;
  // Hashing is slow on purpose: done before the transaction holds any lock.
  const passwordHash = await hash(donnees.motDePasse);
  const maintenant = horloge.now();
  const { jeton, tokenHash } = nouveauJeton();
  try {
    const compteCree = await database.db.transaction(async (tx) => {
      // SIREN and e-mail have unique indexes; the company name is unique only
      // up to accents and case, so creations of the same name take turns.
      const cle = `creation-compte:${normaliserRecherche(donnees.raisonSociale)}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${cle}, 0))`);
      const pris = await champDejaPris(tx, donnees);
      if (pris === "email") {
        await prevenirCompteExistant(deps, donnees.email);
        return false;
      }
      if (pris) throw new CompteExistantErreur(pris);

      const [societe] = await tx
        .insert(societes)
        .values({
          siren: donnees.siren,
          raisonSociale: donnees.raisonSociale,
          qualites: donnees.qualites,
          dateCreation: maintenant,
        })
        .returning({ id: societes.id });
      const [utilisateur] = await tx
        .insert(utilisateurs)
        .values({
          idIdp: randomUUID(),
          email: donnees.email,
          prenom: donnees.prenom,
          nom: donnees.nom,
          passwordHash,
          roles: ["demandeur"],
          statut: "en_attente",
          telephone: donnees.telephone,
          societeId: societe.id,
          dateCreation: maintenant,
          dateModification: maintenant,
        })
        .returning({ id: utilisateurs.id });
      await tx.insert(jetonsEmail).values({
        utilisateurId: utilisateur.id,
        type: "confirmation_compte",
        tokenHash,
        expiresAt: expirationLienConfirmation(maintenant),
        dateCreation: maintenant,
      });

      try {
        await mailer.envoyer({
          to: donnees.email,
          ...courrielConfirmationCompte({
            prenom: donnees.prenom,
            nom: donnees.nom,
            raisonSociale: donnees.raisonSociale,
            lien: lienConfirmation(publicUrl, jeton),
            nouveauLien: `${publicUrl}/creation-compte/nouveau-lien`,
            validiteHeures: VALIDITE_LIEN_CONFIRMATION_HEURES,
          }),
        });
      } catch (error) {
        throw new EnvoiCourrielErreur(error);
      }
      return true;
    });
    return { email: donnees.email, compteCree };
  } catch (error) {
    if (!estViolationUnicite(error)) throw error;
    // A concurrent creation committed first: name what it took.
    const pris = (await champDejaPris(database.db, donnees)) ?? "siren";
    if (pris !== "email") throw new CompteExistantErreur(pris);
    await prevenirCompteExistant(deps, donnees.email);
    return { email: donnees.email, compteCree: false };
  }
}

/**
 * Follows a confirmation link (GET /api/user/token-mail-check): the token is
 * consumed (single use, whatever the outcome), and when it was still valid
 * at `horloge.now()` the account becomes `actif` and its other links are
 * deleted. Returns the account's e-mail, or undefined for an unknown,
 * already used or expired token.
 */
export async function confirmerCompte(
  database: Database,
  horloge: Horloge,
  jeton: string,
): Promise<{ email: string } | undefined> {
  return database.db.transaction(async (tx) => {
    const [consomme] = await tx
      .delete(jetonsEmail)
      .where(
        and(
          eq(jetonsEmail.tokenHash, hacherJeton(jeton)),
          eq(jetonsEmail.type, "confirmation_compte"),
        ),
      )
      .returning({ utilisateurId: jetonsEmail.utilisateurId, expiresAt: jetonsEmail.expiresAt });
    if (!consomme || consomme.expiresAt.getTime() <= horloge.now().getTime()) return undefined;
    const [utilisateur] = await tx
      .update(utilisateurs)
      .set({ statut: "actif", dateModification: horloge.now() })
      .where(eq(utilisateurs.id, consomme.utilisateurId))
      .returning({ email: utilisateurs.email });
    if (!utilisateur) return undefined;
    await tx
      .delete(jetonsEmail)
      .where(
        and(
          eq(jetonsEmail.utilisateurId, consomme.utilisateurId),
          eq(jetonsEmail.type, "confirmation_compte"),
        ),
      );
    return utilisateur;
  });
}

/**
 * Sends a new confirmation link (POST /api/user/token-mail) when a pending
 * account has this e-mail (case-insensitive): its previous links stop
 * working and the new one is valid 72 h from `horloge.now()`. Does nothing
 * for an unknown or active account. Returns whether a mail was sent; rejects
 * (and keeps the previous links) when the mail cannot be sent.
 */
export async function renouvelerLienConfirmation(
  deps: DepsComptes,
  email: string,
): Promise<boolean> {
  const { database, horloge, mailer, publicUrl } = deps;
  return database.db.transaction(async (tx) => {
    const [utilisateur] = await tx
      .select({
        id: utilisateurs.id,
        email: utilisateurs.email,
        prenom: utilisateurs.prenom,
        nom: utilisateurs.nom,
        raisonSociale: societes.raisonSociale,
      })
      .from(utilisateurs)
      .leftJoin(societes, eq(societes.id, utilisateurs.societeId))
      .where(
        and(
          sql`lower(${utilisateurs.email}) = ${email.trim().toLowerCase()}`,
          eq(utilisateurs.statut, "en_attente"),
        ),
      )
      .limit(1);
    if (!utilisateur) return false;
    await tx
      .delete(jetonsEmail)
      .where(
        and(
          eq(jetonsEmail.utilisateurId, utilisateur.id),
          eq(jetonsEmail.type, "confirmation_compte"),
        ),
      );
    const maintenant = horloge.now();
    const { jeton, tokenHash } = nouveauJeton();
    await tx.insert(jetonsEmail).values({
      utilisateurId: utilisateur.id,
      type: "confirmation_compte",
      tokenHash,
      expiresAt: expirationLienConfirmation(maintenant),
      dateCreation: maintenant,
    });
    await mailer.envoyer({
      to: utilisateur.email,
      ...courrielConfirmationCompte({
        prenom: utilisateur.prenom,
        nom: utilisateur.nom,
        raisonSociale: utilisateur.raisonSociale ?? "",
        lien: lienConfirmation(publicUrl, jeton),
        nouveauLien: `${publicUrl}/creation-compte/nouveau-lien`,
        validiteHeures: VALIDITE_LIEN_CONFIRMATION_HEURES,
      }),
    });
    return true;
  });
}

/**
 * Records the acceptance of the terms in force (POST /api/user/accept-cgu):
 * `cguVersionAcceptee` = CGU_VERSION and the consent to notifications by
 * electronic registered mail dated `horloge.now()`.
 */
export async function accepterCgu(
  database: Database,
  horloge: Horloge,
  utilisateurId: string,
): Promise<void> {
  const maintenant = horloge.now();
  await database.db
    .update(utilisateurs)
    .set({
      cguVersionAcceptee: CGU_VERSION,
      consentementLre: maintenant,
      dateModification: maintenant,
    })
    .where(eq(utilisateurs.id, utilisateurId));
}

/**
 * Scheduled job (DESIGN §5, spec §9 "after which data are deleted"): deletes
 * the pending accounts created more than 72 h before `horloge.now()` that hold
 * no confirmation link still valid (a new link extends the window), their
 * links, and their company when no other user belongs to it. Idempotent;
 * returns how many accounts were deleted.
 */
export async function purgerComptesEnAttente(
  database: Database,
  horloge: Horloge,
): Promise<number> {
  const maintenant = horloge.now();
  const limite = limitePurgeComptesEnAttente(maintenant);
  return database.db.transaction(async (tx) => {
    const supprimes = await tx
      .delete(utilisateurs)
      .where(
        and(
          eq(utilisateurs.statut, "en_attente"),
          lte(utilisateurs.dateCreation, limite),
          notExists(
            tx
              .select({ id: jetonsEmail.id })
              .from(jetonsEmail)
              .where(
                and(
                  eq(jetonsEmail.utilisateurId, utilisateurs.id),
                  eq(jetonsEmail.type, "confirmation_compte"),
                  gt(jetonsEmail.expiresAt, maintenant),
                ),
              ),
          ),
        ),
      )
      .returning({ societeId: utilisateurs.societeId });
    const societesVisees = [
      ...new Set(supprimes.flatMap(({ societeId }) => (societeId ? [societeId] : []))),
    ];
    if (societesVisees.length > 0) {
      await tx
        .delete(societes)
        .where(
          and(
            inArray(societes.id, societesVisees),
            notExists(
              tx
                .select({ id: utilisateurs.id })
                .from(utilisateurs)
                .where(eq(utilisateurs.societeId, societes.id)),
            ),
          ),
        );
    }
    return supprimes.length;
  });
}
