/**
 * DEPOSER (DESIGN §3, §5; spec §5 Deposit): a complete draft becomes
 * deposee with its file number and deposit date, the 3-month instruction
 * clock starts, and the portal files the recap PDF of what was declared.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CODES_RUBRIQUE_DEMANDE } from "../../../contract/pieces-jointes.ts";
import { businessRoles } from "../../../contract/roles.ts";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Db } from "../../db/client.ts";
import { demandes, piecesJointes, utilisateurs } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../../files/pieces-jointes.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import type { DependancesDomaine } from "../dependances.ts";
import { invalide } from "../erreurs.ts";
import { planifierTravail, ressourceDemande } from "../../jobs/travaux.ts";
import { genererRecapDemande } from "../../pdf/recap-demande.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { anneeParis, dateLimiteInstruction } from "../../../contract/delais.ts";
import { versDetail } from "./dto.ts";
import { procedureDemande } from "./procedure.ts";
import { ecrireTransition } from "./transition.ts";

/** Rubric of the recap PDF the portal generates at deposit (spec §3). */
export const RUBRIQUE_RECAP = "pj_recap_demande";

/**
 * "MAR-<année>-<6 chiffres>" from the sequence every kind of request shares
 * (approval requests and notable changes), computed inside the UPDATE so
 * that a deposit that loses a race does not consume a number.
 */
export function numeroDossierSql(annee: number) {
  return sql<string>`${`MAR-${annee}-`} || lpad(nextval('numero_dossier_seq')::text, 6, '0')`;
}

/**
 * Guard `deposable` of DEPOSER and DEPOSER_EN_EDITION (DESIGN §3, spec §5
 * Deposit): throws 422 `{ detail, manquants }` (one French line per
 * missing item, as `canBe/depose` lists them) unless nothing is missing.
 */
export async function verifierDeposable(
  deps: Pick<DependancesDomaine, "database" | "config">,
  demande: DemandeRow,
): Promise<void> {
  const { manquants } = await procedureDemande(deps.database, deps.config, demande);
  if (manquants.length > 0)
    throw invalide(manquants.map((manquant) => manquant.message).join("\n"), { manquants });
}

/**
 * Deposits the draft: 422 `{ detail, manquants }` while `canBe/depose`
 * lists anything missing; otherwise, atomically and only if the request is
 * still the brouillon of the version seen (a double submit deposits once,
 * the other gets 409): etat deposee, numeroDossier, dateDepot = now,
 * dateLimiteInstruction = + 3 calendar months (Europe/Paris), history row,
 * and the recap PDF as post-commit work ({@link planifierRecapitulatif}),
 * produced once the deposit has committed.
 */
export async function deposerDemande(contexte: ContexteAction): Promise<void> {
  const { deps, demande, maintenant } = contexte;
  await verifierDeposable(deps, demande);
  const changements: PgUpdateSetSource<typeof demandes> = {
    numeroDossier: numeroDossierSql(anneeParis(maintenant)),
    dateDepot: maintenant,
    dateLimiteInstruction: dateLimiteInstruction(maintenant),
  };
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DEPOSER",
      etatApres: "deposee",
      changements,
      acteur: { id: contexte.utilisateur.row.id, role: contexte.role },
      maintenant,
    });
    await planifierRecapitulatif(tx, {
      demandeId: demande.id,
      historiqueId,
      utilisateurId: contexte.utilisateur.row.id,
      maintenant,
    });
  });
}

/** What the recap's post-commit work keeps (JSON). */
export interface TravailRecapitulatif {
  demandeId: string;
  /** The DEPOSER or DEPOSER_EN_EDITION history row the recap is filed with. */
  historiqueId: number;
  /** Who deposited: the recap shows the request as he saw it. */
  utilisateurId: string;
  /** The deposit's instant (the API clock), ISO string: dates the recap. */
  date: string;
}

/**
 * Writes the recap PDF of a deposit as post-commit work (type
 * `recapitulatif`, ADR 0011) through `tx`, the deposit's transaction: the
 * recap is produced if and only if the deposit commits, once per history
 * row (key `recapitulatif:<historiqueId>`). Produced by
 * {@link produireRecapitulatif}.
 */
export async function planifierRecapitulatif(
  tx: Db,
  depot: { demandeId: string; historiqueId: number; utilisateurId: string; maintenant: Date },
): Promise<void> {
  const donnees: TravailRecapitulatif = {
    demandeId: depot.demandeId,
    historiqueId: depot.historiqueId,
    utilisateurId: depot.utilisateurId,
    date: depot.maintenant.toISOString(),
  };
  await planifierTravail(
    tx,
    {
      type: "recapitulatif",
      donnees: { ...donnees },
      cle: `recapitulatif:${depot.historiqueId}`,
      ressource: ressourceDemande(depot.demandeId),
    },
    depot.maintenant,
  );
}

/**
 * The recap's post-commit work: files the recap PDF of `travail` unless
 * its history row already has one (an attempt that filed it and then
 * crashed before being marked done does not file a second). The deposit is
 * the legal act and stands whatever happens here; this rejects on failure,
 * so that the work is retried. Rejects when the request or the depositor's
 * account is gone.
 */
export async function produireRecapitulatif(
  deps: Pick<DependancesDomaine, "database" | "fichiers">,
  travail: TravailRecapitulatif,
): Promise<void> {
  const { db } = deps.database;
  const [dejaLa] = await db
    .select({ id: piecesJointes.id })
    .from(piecesJointes)
    .where(
      and(
        eq(piecesJointes.ressourceId, travail.demandeId),
        eq(piecesJointes.rubrique, RUBRIQUE_RECAP),
        eq(piecesJointes.historiqueId, travail.historiqueId),
      ),
    )
    .limit(1);
  if (dejaLa) return;
  const [demande] = await db.select().from(demandes).where(eq(demandes.id, travail.demandeId));
  const [deposant] = await db
    .select()
    .from(utilisateurs)
    .where(eq(utilisateurs.id, travail.utilisateurId));
  if (!demande || !deposant)
    throw new Error("Demande ou compte du déposant introuvable : récapitulatif impossible");
  await joindreRecapitulatif(
    deps,
    { row: deposant, roles: businessRoles(deposant.roles) },
    demande,
    travail.historiqueId,
    new Date(travail.date),
  );
}

/**
 * Generates the recap PDF of the deposited request (api/pdf/recap-demande.ts)
 * and files it as its `pj_recap_demande` attachment, linked to the DEPOSER
 * history row, dated `maintenant`. Rejects when it cannot (the caller,
 * {@link produireRecapitulatif}, is retried).
 */
export async function joindreRecapitulatif(
  deps: Pick<DependancesDomaine, "database" | "fichiers">,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  historiqueId: number,
  maintenant: Date,
): Promise<void> {
  const detail = await versDetail(deps.database, utilisateur, demande, maintenant);
  const contenu = await genererRecapDemande(detail, {
    genereLe: maintenant,
    piecesJointes: await fichiersDeclares(deps.database, demande.id),
  });
  await ajouterPieceJointe(deps.database, deps.fichiers, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_RECAP,
    nom: `recapitulatif-${demande.numeroDossier ?? demande.id}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId,
    date: maintenant,
  });
}

/** The step-3 files the applicant declared (not the recap, answers or opinions' files). */
async function fichiersDeclares(database: Database, demandeId: string) {
  const rows = await database.db
    .select({
      rubrique: piecesJointes.rubrique,
      nom: piecesJointes.nom,
      size: piecesJointes.taille,
    })
    .from(piecesJointes)
    .where(
      and(
        eq(piecesJointes.ressourceType, "demande"),
        eq(piecesJointes.ressourceId, demandeId),
        inArray(piecesJointes.rubrique, CODES_RUBRIQUE_DEMANDE),
      ),
    )
    .orderBy(asc(piecesJointes.dateCreation), asc(piecesJointes.nom));
  return rows;
}
