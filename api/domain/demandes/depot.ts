/**
 * DEPOSER (DESIGN §3, §5; spec §5 Deposit): a complete draft becomes
 * deposee with its file number and deposit date, the 3-month instruction
 * clock starts, and the portal files the recap PDF of what was declared and
 * the one-page synthesis for the instruction staff.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CODES_RUBRIQUE_DEMANDE } from "../../../contract/pieces-jointes.ts";
import { businessRoles } from "../../../contract/roles.ts";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Db } from "../../db/client.ts";
import { demandes, piecesJointes, utilisateurs } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import type { DependancesDomaine } from "../dependances.ts";
import { invalide } from "../erreurs.ts";
import { planifierTravail, ressourceDemande } from "../travaux.ts";
import { genererRecapDemande, type FichierRecap } from "../../pdf/recap-demande.ts";
import { genererSyntheseDemande } from "../../pdf/synthese-demande.ts";
import type { DemandeDetail } from "../../../contract/schemas/demande.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { anneeParis, dateLimiteInstruction } from "../../../contract/delais.ts";
import { versDetail } from "./dto.ts";
import { procedureDemande } from "./procedure.ts";
import { ecrireTransition } from "./transition.ts";

/** Rubric of the recap PDF the portal generates at deposit (spec §3). */
export const RUBRIQUE_RECAP = "pj_recap_demande";

/** Rubric of the one-page synthesis for the instruction staff, generated with the recap (spec §3). */
export const RUBRIQUE_SYNTHESE = "synthese_demande";

/** A PDF the portal files at each deposit: its rubric, file-name prefix and generator. */
interface DocumentDepot {
  rubrique: string;
  prefixe: string;
  generer(
    detail: DemandeDetail,
    options: { genereLe: Date; piecesJointes: FichierRecap[] },
  ): Promise<Buffer>;
}

const DOCUMENTS_DEPOT: readonly DocumentDepot[] = [
  { rubrique: RUBRIQUE_RECAP, prefixe: "recapitulatif", generer: genererRecapDemande },
  { rubrique: RUBRIQUE_SYNTHESE, prefixe: "synthese", generer: genererSyntheseDemande },
];

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
 * and the recap and synthesis PDFs as post-commit work
 * ({@link planifierRecapitulatif}), produced once the deposit has committed.
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
 * Writes the recap and synthesis PDFs of a deposit as post-commit work
 * (type `recapitulatif`, ADR 0011) through `tx`, the deposit's transaction:
 * they are produced if and only if the deposit commits, once per history
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
 * The recap's post-commit work: files the recap and synthesis PDFs of
 * `travail`, each unless its history row already has it (an attempt that
 * filed them and then crashed before being marked done does not file
 * twice; a work planned before the synthesis existed gets only that one).
 * The deposit is the legal act and stands whatever happens here; this
 * rejects on failure, so that the work is retried. Rejects when the request
 * or the depositor's account is gone.
 */
export async function produireRecapitulatif(
  deps: Pick<DependancesDomaine, "database" | "fichiers">,
  travail: TravailRecapitulatif,
): Promise<void> {
  const { db } = deps.database;
  const dejaLa = await db
    .select({ rubrique: piecesJointes.rubrique })
    .from(piecesJointes)
    .where(
      and(
        eq(piecesJointes.ressourceId, travail.demandeId),
        inArray(
          piecesJointes.rubrique,
          DOCUMENTS_DEPOT.map((document) => document.rubrique),
        ),
        eq(piecesJointes.historiqueId, travail.historiqueId),
      ),
    );
  const aJoindre = DOCUMENTS_DEPOT.filter(
    (document) => !dejaLa.some((piece) => piece.rubrique === document.rubrique),
  );
  if (aJoindre.length === 0) return;
  const [demande] = await db.select().from(demandes).where(eq(demandes.id, travail.demandeId));
  const [deposant] = await db
    .select()
    .from(utilisateurs)
    .where(eq(utilisateurs.id, travail.utilisateurId));
  if (!demande || !deposant)
    throw new Error("Demande ou compte du déposant introuvable : récapitulatif impossible");
  await joindreDocumentsDepot(
    deps,
    { row: deposant, roles: businessRoles(deposant.roles) },
    demande,
    { historiqueId: travail.historiqueId, maintenant: new Date(travail.date), documents: aJoindre },
  );
}

/**
 * Generates `depot.documents` of the deposited request (recap:
 * api/pdf/recap-demande.ts, synthesis: api/pdf/synthese-demande.ts) as the
 * request stands, and files them in one transaction as its attachments of
 * their rubrics, named "<prefix>-<numeroDossier or id>.pdf", linked to the
 * DEPOSER or DEPOSER_EN_EDITION history row, dated `depot.maintenant`.
 * Rejects when it cannot (the caller, {@link produireRecapitulatif}, is
 * retried).
 */
async function joindreDocumentsDepot(
  deps: Pick<DependancesDomaine, "database" | "fichiers">,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  depot: { historiqueId: number; maintenant: Date; documents: readonly DocumentDepot[] },
): Promise<void> {
  const { maintenant } = depot;
  const detail = await versDetail(deps.database, utilisateur, demande, maintenant);
  const declares = await fichiersDeclares(deps.database, demande.id);
  const contenus = await Promise.all(
    depot.documents.map((document) =>
      document.generer(detail, { genereLe: maintenant, piecesJointes: declares }),
    ),
  );
  await deps.database.db.transaction(async (tx) => {
    for (const [rang, document] of depot.documents.entries())
      await ajouterPieceJointe(tx, deps.fichiers, {
        ressourceType: demande.kind,
        ressourceId: demande.id,
        rubrique: document.rubrique,
        nom: `${document.prefixe}-${demande.numeroDossier ?? demande.id}.pdf`,
        contenu: contenus[rang],
        mimeType: "application/pdf",
        deposeParId: null,
        historiqueId: depot.historiqueId,
        date: maintenant,
      });
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
