/**
 * DEPOSER (DESIGN §3, §5; spec §5 Deposit): a complete draft becomes
 * deposee with its file number and deposit date, the 3-month instruction
 * clock starts, and the portal files the recap PDF of what was declared.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CODES_RUBRIQUE_DEMANDE } from "../../../contract/pieces-jointes.ts";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { piecesJointes, type demandes } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../../files/pieces-jointes.ts";
import type { UtilisateurConnecte } from "../../http/auth.ts";
import type { ApiDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/errors.ts";
import { genererRecapDemande } from "../../pdf/recap-demande.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./actions.ts";
import { anneeParis, dateLimiteInstruction } from "./delais.ts";
import { versDetail } from "./dto.ts";
import { procedureDemande } from "./procedure.ts";
import { ecrireTransition } from "./transition.ts";

/** Rubric of the recap PDF the portal generates at deposit (spec §3). */
export const RUBRIQUE_RECAP = "pj_recap_demande";

/**
 * "MAR-<année>-<6 chiffres>" from the shared sequence, computed inside the
 * UPDATE so that a deposit that loses a race does not consume a number.
 */
function numeroDossierSql(annee: number) {
  return sql<string>`${`MAR-${annee}-`} || lpad(nextval('numero_dossier_seq')::text, 6, '0')`;
}

/**
 * Guard `deposable` of DEPOSER and DEPOSER_EN_EDITION (DESIGN §3, spec §5
 * Deposit): throws 422 `{ detail, manquants }` (one French line per
 * missing item, as `canBe/depose` lists them) unless nothing is missing.
 */
export async function verifierDeposable(
  deps: Pick<ApiDeps, "database" | "config">,
  demande: DemandeRow,
): Promise<void> {
  const { manquants } = await procedureDemande(deps.database, deps.config, demande);
  if (manquants.length > 0)
    throw new HttpError(422, {
      detail: manquants.map((manquant) => manquant.message).join("\n"),
      manquants,
    });
}

/**
 * Deposits the draft: 422 `{ detail, manquants }` while `canBe/depose`
 * lists anything missing; otherwise, atomically and only if the request is
 * still the brouillon of the version seen (a double submit deposits once,
 * the other gets 409): etat deposee, numeroDossier, dateDepot = now,
 * dateLimiteInstruction = + 3 calendar months (Europe/Paris), history row.
 * Then files the recap PDF (see {@link joindreRecapitulatif}).
 */
export async function deposerDemande(contexte: ContexteAction): Promise<void> {
  const { deps, demande, maintenant } = contexte;
  await verifierDeposable(deps, demande);
  const changements: PgUpdateSetSource<typeof demandes> = {
    numeroDossier: numeroDossierSql(anneeParis(maintenant)),
    dateDepot: maintenant,
    dateLimiteInstruction: dateLimiteInstruction(maintenant),
  };
  const { demande: deposee, historiqueId } = await deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande,
      action: "DEPOSER",
      etatApres: "deposee",
      changements,
      acteur: { id: contexte.utilisateur.row.id, role: contexte.role },
      maintenant,
    }),
  );
  await joindreRecapitulatif(deps, contexte.utilisateur, deposee, historiqueId, maintenant);
}

/**
 * Generates the recap PDF of the deposited request (api/pdf/recap-demande.ts)
 * and files it as its `pj_recap_demande` attachment, linked to the DEPOSER
 * history row. Runs after the deposit committed: the deposit is the legal
 * act and stands even if the PDF fails, which is logged as an error (the
 * recap can then be produced again from the stored content).
 */
export async function joindreRecapitulatif(
  deps: Pick<ApiDeps, "database" | "fichiers" | "logger">,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  historiqueId: number,
  maintenant: Date,
): Promise<void> {
  try {
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
  } catch (error) {
    deps.logger.error(
      { err: error, demandeId: demande.id },
      "Le récapitulatif PDF de la demande déposée n'a pas pu être produit",
    );
  }
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
