/**
 * Account management by the functional administrator (spec §3
 * "Account list/detail", §4 Account actions, §5 Accounts, §6; ADR
 * 0022): which actions an applicant account allows, its detail, and the
 * actions SUPPRIMER_COMPTE, MODIFIER_REFERENT_COMPTE,
 * MODIFIER_QUALITES_COMPTE and MODIFIER_INFO_SOCIETE, each in one
 * transaction with its history row. HTTP lives in api/http/routes/comptes.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ActionCompte } from "../../../contract/etats.ts";
import {
  MESSAGES_COMPTE,
  SCHEMAS_ACTION_COMPTE,
  type ActionGestionCompte,
} from "../../../contract/schemas/comptes.ts";
import type { Database, Db } from "../../db/client.ts";
import type { FileStore } from "../../files/types.ts";
import {
  TYPES_RESSOURCE,
  agrements,
  avis,
  demandes,
  historique,
  infosComplementaires,
  lectures,
  messages,
  notes,
  oidcPayloads,
  piecesJointes,
  sessions,
  societes,
  travauxApresValidation,
  utilisateurs,
} from "../../db/schema.ts";
import { interdit, introuvable, invalide } from "../erreurs.ts";
import { parseOrThrow } from "../validation.ts";

type UtilisateurRow = typeof utilisateurs.$inferSelect;
type SocieteRow = typeof societes.$inferSelect;

/**
 * States of a request that do not stop its company's account from being
 * deleted (ADR 0022): nothing the administration instructs or decided on.
 */
export const ETATS_SUPPRIMABLES = ["brouillon", "annulee", "arrete_perime"] as const;

/**
 * `ressource_type` of the account's history rows. `historique.ressource_type`
 * is plain text in the database; the TypeScript enum of api/db/schema.ts
 * (lot H's file) does not list it yet (ADR 0022).
 */
export const RESSOURCE_COMPTE = "compte" as unknown as (typeof TYPES_RESSOURCE)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An applicant account and its company (null when it has none). */
export interface CompteCharge {
  utilisateur: UtilisateurRow;
  societe: SocieteRow | null;
}

/**
 * The applicant account `id` with its company, read through `handle` (`FOR
 * UPDATE` of the user row when `verrou`). Throws {@link introuvable} (404)
 * for an id that is not a UUID, unknown, or not an applicant's.
 */
export async function chargerCompte(handle: Db, id: string, verrou = false): Promise<CompteCharge> {
  if (!UUID.test(id)) throw introuvable();
  const requete = handle
    .select({ utilisateur: utilisateurs, societe: societes })
    .from(utilisateurs)
    .leftJoin(societes, eq(societes.id, utilisateurs.societeId))
    .where(and(eq(utilisateurs.id, id), sql`'demandeur' = any(${utilisateurs.roles})`));
  const [ligne] = verrou ? await requete.for("update", { of: utilisateurs }) : await requete;
  if (!ligne) throw introuvable();
  return ligne;
}

/** What decides the actions of one account (see {@link actionsPossibles}). */
interface EtatCompte {
  aSociete: boolean;
  /** The company holds an approval, or a request in a state outside {@link ETATS_SUPPRIMABLES}. */
  bloqueSuppression: boolean;
  /** The company has a draft approval request whose step 1 is saved. */
  aBrouillon: boolean;
}

/** Why `action` is not possible on an account in state `etat`; null when it is. */
function raisonRefus(action: ActionCompte, etat: EtatCompte): string | null {
  switch (action) {
    case "SUPPRIMER_COMPTE":
      return etat.bloqueSuppression ? MESSAGES_COMPTE.nonSupprimable : null;
    case "MODIFIER_REFERENT_COMPTE":
      return null;
    case "MODIFIER_QUALITES_COMPTE":
      return etat.aSociete ? null : MESSAGES_COMPTE.sansSociete;
    case "MODIFIER_INFO_SOCIETE":
      if (!etat.aSociete) return MESSAGES_COMPTE.sansSociete;
      return etat.aBrouillon ? null : MESSAGES_COMPTE.sansBrouillon;
    default:
      // MODIFIER_MOT_DE_PASSE and MODIFIER_EMAIL are the account holder's own (account settings).
      return "Cette action n'est pas ouverte à l'administrateur fonctionnel.";
  }
}

/** The actions of {@link ACTIONS_GESTION_COMPTE} open on an account in state `etat`. */
function actionsPossibles(etat: EtatCompte): { action: ActionCompte }[] {
  return (Object.keys(SCHEMAS_ACTION_COMPTE) as ActionGestionCompte[])
    .filter((action) => raisonRefus(action, etat) === null)
    .map((action) => ({ action }));
}

/**
 * The state of each company of `societeIds` that the actions depend on,
 * in two queries whatever their number.
 */
async function etatsDesSocietes(
  handle: Db,
  societeIds: string[],
): Promise<Map<string, Omit<EtatCompte, "aSociete">>> {
  const etats = new Map<string, Omit<EtatCompte, "aSociete">>();
  const ids = [...new Set(societeIds)];
  if (!ids.length) return etats;
  for (const id of ids) etats.set(id, { bloqueSuppression: false, aBrouillon: false });
  const lignes = await handle
    .select({
      societeId: demandes.societeId,
      etat: demandes.etat,
      kind: demandes.kind,
      etape1: sql<boolean>`${demandes.contenu} ? 'etape1'`,
    })
    .from(demandes)
    .where(inArray(demandes.societeId, ids));
  for (const ligne of lignes) {
    const etat = etats.get(ligne.societeId)!;
    if (!(ETATS_SUPPRIMABLES as readonly string[]).includes(ligne.etat))
      etat.bloqueSuppression = true;
    if (ligne.kind === "demande" && ligne.etat === "brouillon" && ligne.etape1)
      etat.aBrouillon = true;
  }
  const titulaires = await handle
    .select({ societeId: agrements.societeId })
    .from(agrements)
    .where(inArray(agrements.societeId, ids));
  for (const { societeId } of titulaires) etats.get(societeId)!.bloqueSuppression = true;
  return etats;
}

/** The state of the account of company `societe` (none: no company), read through `handle`. */
async function etatDuCompte(handle: Db, societe: SocieteRow | null): Promise<EtatCompte> {
  const etat = societe ? (await etatsDesSocietes(handle, [societe.id])).get(societe.id) : null;
  return {
    aSociete: societe !== null,
    bloqueSuppression: etat?.bloqueSuppression ?? false,
    aBrouillon: etat?.aBrouillon ?? false,
  };
}

/**
 * `actionsDisponibles` (spec §3 "Account list/detail") of each account of
 * `comptes` (user id and company id), by user id.
 */
export async function actionsDisponiblesComptes(
  handle: Db,
  comptes: { id: string; societeId: string | null }[],
): Promise<Map<string, { action: ActionCompte }[]>> {
  const etats = await etatsDesSocietes(
    handle,
    comptes.flatMap((compte) => (compte.societeId ? [compte.societeId] : [])),
  );
  return new Map(
    comptes.map((compte) => {
      const etat = compte.societeId ? etats.get(compte.societeId) : undefined;
      return [
        compte.id,
        actionsPossibles({
          aSociete: compte.societeId !== null,
          bloqueSuppression: etat?.bloqueSuppression ?? false,
          aBrouillon: etat?.aBrouillon ?? false,
        }),
      ];
    }),
  );
}

/**
 * `GET /api/user/account/{id}/can/{action}`: `{ can }`, and the reason when
 * it cannot. 404 as {@link chargerCompte}.
 */
export async function peutAgirSurCompte(
  database: Database,
  id: string,
  action: ActionCompte,
): Promise<{ can: boolean; raison?: string }> {
  const { societe } = await chargerCompte(database.db, id);
  const raison = raisonRefus(action, await etatDuCompte(database.db, societe));
  return raison === null ? { can: true } : { can: false, raison };
}

/**
 * The contact details of the company's most recent draft (step 1), which
 * MODIFIER_INFO_SOCIETE changes; null without such a draft.
 */
export async function coordonneesStructure(
  handle: Db,
  societeId: string,
): Promise<{ telephone: string | null; email: string | null } | null> {
  const [brouillon] = await handle
    .select({ contenu: demandes.contenu })
    .from(demandes)
    .where(brouillonsAvecEtape1(societeId))
    .orderBy(sql`${demandes.dateModification} desc`)
    .limit(1);
  if (!brouillon) return null;
  const etape1 = (brouillon.contenu.etape1 ?? {}) as { telephone?: string; email?: string };
  return { telephone: etape1.telephone ?? null, email: etape1.email ?? null };
}

/** Draft approval requests of `societeId` whose step 1 is saved. */
const brouillonsAvecEtape1 = (societeId: string) =>
  and(
    eq(demandes.societeId, societeId),
    eq(demandes.kind, "demande"),
    eq(demandes.etat, "brouillon"),
    sql`${demandes.contenu} ? 'etape1'`,
  );

/** Who acts: the administrator's user id. */
export interface ActeurCompte {
  id: string;
}

/** What an account action did: the action, and the stored files to delete once committed. */
export interface ResultatActionCompte {
  action: ActionGestionCompte;
  /** MODIFIER_REFERENT_COMPTE: which of name and phone changed (the notification says it). */
  modifie?: { nom: boolean; telephone: boolean };
  /** Storage keys no row refers to any more (SUPPRIMER_COMPTE). */
  clesOrphelines: string[];
}

/**
 * Runs `corps.action` on the applicant account `id` as the administrator
 * `acteur`, in one transaction: 404 (unknown account), 403 (an action
 * outside its `actionsDisponibles`, with the reason), then 422 (French
 * messages by field), then the change and one history row
 * (`ressource_type` "compte", the account's id). The caller deletes the
 * returned `clesOrphelines` from the store after the commit.
 */
export async function executerActionCompte(
  database: Database,
  acteur: ActeurCompte,
  id: string,
  corps: Record<string, unknown>,
  maintenant: Date,
): Promise<ResultatActionCompte> {
  const action = String(corps.action ?? "") as ActionCompte;
  return database.db.transaction(async (tx) => {
    const { utilisateur, societe } = await chargerCompte(tx, id, true);
    if (societe)
      await tx.execute(sql`select 1 from ${societes} where id = ${societe.id} for update`);
    const refus = raisonRefus(action, await etatDuCompte(tx, societe));
    if (refus !== null || !(action in SCHEMAS_ACTION_COMPTE)) throw interdit(refus ?? undefined);
    const ligneHistorique = {
      ressourceType: RESSOURCE_COMPTE,
      ressourceId: utilisateur.id,
      action,
      acteurId: acteur.id,
      acteurRole: "admin_fonctionnel",
      date: maintenant,
    };
    return HANDLERS_ACTION_COMPTE[action as ActionGestionCompte]({
      tx,
      utilisateur,
      societe,
      corps,
      ligneHistorique,
      maintenant,
    });
  });
}

/** What an account action's handler works on, inside the transaction of {@link executerActionCompte}. */
interface ContexteActionCompte {
  tx: Db;
  /** The account, locked, and its company (locked too). */
  utilisateur: UtilisateurRow;
  societe: SocieteRow | null;
  /** The form as sent, parsed by the handler with its action's schema (422). */
  corps: Record<string, unknown>;
  /** The columns every history row of the action shares. */
  ligneHistorique: Pick<
    typeof historique.$inferInsert,
    "ressourceType" | "ressourceId" | "action" | "acteurId" | "acteurRole" | "date"
  >;
  maintenant: Date;
}

/** Deletes the account and its company (ADR 0022); the history row keeps no personal data. */
async function actionSupprimerCompte(
  contexte: ContexteActionCompte,
): Promise<ResultatActionCompte> {
  const { tx, utilisateur, societe, corps, ligneHistorique } = contexte;
  const { motif } = parseOrThrow(SCHEMAS_ACTION_COMPTE.SUPPRIMER_COMPTE, corps);
  const bilan = await supprimerCompte(tx, utilisateur, societe);
  await tx.insert(historique).values({
    ...ligneHistorique,
    etatAvant: utilisateur.statut,
    etatApres: "supprime",
    commentaire: motif,
    // No personal data of the deleted person: the company's public identifiers and counts.
    donnees: {
      siren: societe?.siren ?? null,
      raisonSociale: societe?.raisonSociale ?? null,
      demandesSupprimees: bilan.demandes,
      piecesJointesSupprimees: bilan.piecesJointes,
    },
  });
  return { action: "SUPPRIMER_COMPTE", clesOrphelines: bilan.clesOrphelines };
}

/** Changes the referent's names and phone; says which of them changed. */
async function actionModifierReferent(
  contexte: ContexteActionCompte,
): Promise<ResultatActionCompte> {
  const { tx, utilisateur, corps, ligneHistorique, maintenant } = contexte;
  const valeurs = parseOrThrow(SCHEMAS_ACTION_COMPTE.MODIFIER_REFERENT_COMPTE, corps);
  await tx
    .update(utilisateurs)
    .set({
      prenom: valeurs.prenom,
      nom: valeurs.nom,
      telephone: valeurs.telephone,
      dateModification: maintenant,
    })
    .where(eq(utilisateurs.id, utilisateur.id));
  const nomChange = utilisateur.prenom !== valeurs.prenom || utilisateur.nom !== valeurs.nom;
  // Tokens carry the names and the API refreshes the row from them
  // (api/http/auth.ts): the account's sessions end so that no token
  // issued before the change writes the old name back (ADR 0022).
  if (nomChange) await terminerSessionsCompte(tx, utilisateur.idIdp);
  const avant = {
    prenom: utilisateur.prenom,
    nom: utilisateur.nom,
    telephone: utilisateur.telephone,
  };
  const apres = { prenom: valeurs.prenom, nom: valeurs.nom, telephone: valeurs.telephone };
  await tx.insert(historique).values({ ...ligneHistorique, donnees: { avant, apres } });
  return {
    action: "MODIFIER_REFERENT_COMPTE",
    modifie: {
      nom: avant.prenom !== apres.prenom || avant.nom !== apres.nom,
      telephone: avant.telephone !== apres.telephone,
    },
    clesOrphelines: [],
  };
}

/** Sets the company's one quality (a list is refused: 422). */
async function actionModifierQualites(
  contexte: ContexteActionCompte,
): Promise<ResultatActionCompte> {
  const { tx, societe, corps, ligneHistorique } = contexte;
  if (Array.isArray(corps.qualite) || Array.isArray(corps.qualites))
    throw invalide(MESSAGES_COMPTE.qualiteUnique, {
      champs: { qualite: [MESSAGES_COMPTE.qualiteUnique] },
    });
  const { qualite } = parseOrThrow(SCHEMAS_ACTION_COMPTE.MODIFIER_QUALITES_COMPTE, corps);
  await tx
    .update(societes)
    .set({ qualites: [qualite] })
    .where(eq(societes.id, societe!.id));
  await tx.insert(historique).values({
    ...ligneHistorique,
    donnees: { avant: societe!.qualites, apres: [qualite] },
  });
  return { action: "MODIFIER_QUALITES_COMPTE", clesOrphelines: [] };
}

/**
 * Changes the phone and e-mail of the company's drafts with step 1 saved
 * (see {@link coordonneesStructure}); its name and SIREN are fixed (422).
 */
async function actionModifierInfoSociete(
  contexte: ContexteActionCompte,
): Promise<ResultatActionCompte> {
  const { tx, societe, corps, ligneHistorique, maintenant } = contexte;
  const figes = (["raisonSociale", "siren"] as const).filter((champ) => corps[champ] !== undefined);
  if (figes.length)
    throw invalide(MESSAGES_COMPTE.societeFigee, {
      champs: Object.fromEntries(figes.map((champ) => [champ, [MESSAGES_COMPTE.societeFigee]])),
    });
  const valeurs = parseOrThrow(SCHEMAS_ACTION_COMPTE.MODIFIER_INFO_SOCIETE, corps);
  const avant = await coordonneesStructure(tx, societe!.id);
  await tx
    .update(demandes)
    .set({
      contenu: sql`jsonb_set(jsonb_set(${demandes.contenu}, '{etape1,telephone}', ${JSON.stringify(valeurs.telephone)}::jsonb), '{etape1,email}', ${JSON.stringify(valeurs.email)}::jsonb)`,
      version: sql`${demandes.version} + 1`,
      dateModification: maintenant,
    })
    .where(brouillonsAvecEtape1(societe!.id));
  await tx.insert(historique).values({
    ...ligneHistorique,
    donnees: { avant, apres: { telephone: valeurs.telephone, email: valeurs.email } },
  });
  return { action: "MODIFIER_INFO_SOCIETE", clesOrphelines: [] };
}

/** The handler of each account action, run once {@link raisonRefus} allowed it. */
const HANDLERS_ACTION_COMPTE: Record<
  ActionGestionCompte,
  (contexte: ContexteActionCompte) => Promise<ResultatActionCompte>
> = {
  SUPPRIMER_COMPTE: actionSupprimerCompte,
  MODIFIER_REFERENT_COMPTE: actionModifierReferent,
  MODIFIER_QUALITES_COMPTE: actionModifierQualites,
  MODIFIER_INFO_SOCIETE: actionModifierInfoSociete,
};

/**
 * Deletes, through the transaction `tx`, the account `utilisateur` and (one
 * account per company, spec §5) its company with every request of it and
 * what hangs on them by `ressource_type`/`ressource_id` (attachments rows,
 * history, messages, reads, opinions, notes, complementary info, pending
 * post-commit work), its e-mail links (cascade), and every session of the
 * account: the portal's and the embedded identity provider's (whose
 * password hash lives in the deleted row, so the account can no longer sign
 * in). Returns the counts and the storage keys no remaining attachment
 * refers to.
 */
async function supprimerCompte(
  tx: Db,
  utilisateur: UtilisateurRow,
  societe: SocieteRow | null,
): Promise<{ demandes: number; piecesJointes: number; clesOrphelines: string[] }> {
  const ids = societe
    ? (
        await tx
          .select({ id: demandes.id })
          .from(demandes)
          .where(eq(demandes.societeId, societe.id))
      ).map((ligne) => ligne.id)
    : [];
  let pieces: { cle: string }[] = [];
  if (ids.length) {
    const surDemandes = <T extends { ressourceType: unknown; ressourceId: unknown }>(table: T) =>
      and(
        inArray(table.ressourceType as typeof historique.ressourceType, [
          "demande",
          "changement-notable",
        ]),
        inArray(table.ressourceId as typeof historique.ressourceId, ids),
      );
    // Opinions and notes refer to attachments: they go first.
    await tx.delete(avis).where(surDemandes(avis));
    await tx.delete(notes).where(surDemandes(notes));
    await tx.delete(infosComplementaires).where(surDemandes(infosComplementaires));
    await tx.delete(messages).where(surDemandes(messages));
    await tx.delete(lectures).where(surDemandes(lectures));
    await tx.delete(historique).where(surDemandes(historique));
    pieces = await tx
      .delete(piecesJointes)
      .where(surDemandes(piecesJointes))
      .returning({ cle: piecesJointes.cle });
    await tx.delete(travauxApresValidation).where(
      and(
        eq(travauxApresValidation.etat, "a_faire"),
        inArray(
          travauxApresValidation.ressource,
          ids.map((demandeId) => `demande:${demandeId}`),
        ),
      ),
    );
    await tx.delete(demandes).where(inArray(demandes.id, ids));
  }
  await terminerSessionsCompte(tx, utilisateur.idIdp);
  await tx.delete(utilisateurs).where(eq(utilisateurs.id, utilisateur.id));
  if (societe) await tx.delete(societes).where(eq(societes.id, societe.id));
  const cles = [...new Set(pieces.map((piece) => piece.cle))];
  // Content-addressed store: a key another attachment still uses stays.
  const encore = cles.length
    ? await tx
        .select({ cle: piecesJointes.cle })
        .from(piecesJointes)
        .where(inArray(piecesJointes.cle, cles))
    : [];
  const gardees = new Set(encore.map((ligne) => ligne.cle));
  return {
    demandes: ids.length,
    piecesJointes: pieces.length,
    clesOrphelines: cles.filter((cle) => !gardees.has(cle)),
  };
}

/**
 * Ends every session of the account whose `sub` is `idIdp`, as
 * idp/reinitialisation.ts `terminerSessions` does (which api/ may not
 * import): the embedded provider's rows naming it (sessions, grants,
 * refresh tokens) and the portal's server-side sessions.
 */
async function terminerSessionsCompte(tx: Db, idIdp: string): Promise<void> {
  await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${idIdp}`);
  await tx.delete(sessions).where(sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`);
}

/**
 * Deletes the stored files `cles` from `fichiers` (the file store, local
 * disk or object storage), after the deletion committed. A failure is
 * logged, not thrown: the account is gone and no row refers to the file
 * any more (ADR 0022).
 */
export async function supprimerFichiersStockes(
  fichiers: FileStore,
  cles: string[],
  logger: Logger,
): Promise<void> {
  for (const cle of cles) {
    if (!/^[0-9a-f]{64}$/.test(cle)) continue;
    try {
      await fichiers.supprimer(cle);
    } catch (error) {
      logger.error({ err: error, cle }, "Fichier d'un compte supprimé resté dans le stockage");
    }
  }
}
