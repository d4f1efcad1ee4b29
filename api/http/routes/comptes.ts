/** Applicant accounts for the functional administrator (spec §6, §7 GET /api/user/accounts). */
import { asc, count, desc, inArray, sql } from "drizzle-orm";
import express, { Router, type RequestHandler } from "express";
import {
  executerActionCompte as pointActionCompte,
  exporterComptes,
  lireCompte,
  listerComptes,
  peutCompte,
} from "../../../contract/api/comptes.ts";
import {
  COMPTES_PAR_PAGE,
  type CompteDemandeur,
  type CompteTri,
  type Page,
} from "../../../contract/schemas/comptes.ts";
import type { Database } from "../../db/client.ts";
import type { EtatComplement, EtatDemande } from "../../../contract/etats.ts";
import { etatNormalise } from "../../../contract/statuts.ts";
import { demandes, societes, utilisateurs } from "../../db/schema.ts";
import { proceduresEnCours } from "../../domain/demandes/dto.ts";
import { endpoints } from "../endpoint.ts";
import {
  actionsDisponiblesComptes,
  chargerCompte,
  type CompteCharge,
  coordonneesStructure,
  executerActionCompte,
  peutAgirSurCompte,
  supprimerFichiersStockes,
} from "../../domain/gestion-des-comptes/gestion.ts";
import {
  conditionComptes,
  fichierExportComptes,
  ordreComptes,
} from "../../domain/gestion-des-comptes/export.ts";
import type { DependancesDomaine } from "../../domain/dependances.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";

/**
 * Routes under /user/accounts and /user/account/{id} (contract/api/comptes.ts);
 * admin_fonctionnel only. `deps` (clock, log, data directory) serves the
 * account actions and the export.
 */
export function comptesRoutes(
  database: Database,
  authenticate: RequestHandler,
  deps: Pick<DependancesDomaine, "config" | "horloge" | "logger" | "fichiers">,
): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * Paged applicant accounts (20 per page), searched by company name, SIREN,
   * e-mail or name (case-insensitive), sorted by
   * `order[dateCreation|raisonSociale|email|siren]=asc|desc` (default newest
   * first). 422 in French for a bad page or sort.
   */
  points.register(listerComptes, async ({ query: params }, _req, res) => {
    res.json(await pageComptes(database, params));
  });

  /**
   * GET /api/user/accounts/export → gestionComptes.csv: the accounts the
   * list shows with the same `query` and `order[…]`, every page, streamed
   * in batches (`;`, UTF-8 BOM).
   */
  points.register(exporterComptes, async ({ query: params }, req, res) => {
    const fichier = await fichierExportComptes(database, params);
    await envoyerFichier(res, req.log ?? deps.logger, fichier);
  });

  /**
   * GET /api/user/account/{id}: the account as in the list, plus the
   * company's draft contact details; 404 for an unknown or non-applicant id.
   */
  points.register(lireCompte, async ({ params }, _req, res) => {
    const { utilisateur, societe } = await chargerCompte(db, params.id);
    const demandesParSociete = await demandesDesSocietes(database, societe ? [societe.id] : []);
    const actions = await actionsDisponiblesComptes(db, [
      { id: utilisateur.id, societeId: societe?.id ?? null },
    ]);
    res.json({
      ...versCompteDemandeur({ utilisateur, societe }, demandesParSociete, actions),
      coordonneesStructure: societe ? await coordonneesStructure(db, societe.id) : null,
    });
  });

  /** GET /api/user/account/{id}/can/{action} → `{ can, raison? }`; 404 for an unknown account. */
  points.register(peutCompte, async ({ params }, _req, res) => {
    res.json(await peutAgirSurCompte(database, params.id, params.action));
  });

  /**
   * POST /api/user/account/{id}/action (form data): the account action of
   * api/domain/gestion-des-comptes/gestion.ts (404, 403, 422, then one transaction);
   * once committed, a deletion's stored files are removed. → 200 `{ action }`.
   */
  points.register(
    pointActionCompte,
    async ({ params, body, utilisateur }, req, res) => {
      const resultat = await executerActionCompte(
        database,
        { id: utilisateur.row.id },
        params.id,
        body as Record<string, unknown>,
        deps.horloge.now(),
      );
      await supprimerFichiersStockes(
        deps.fichiers,
        resultat.clesOrphelines,
        req.log ?? deps.logger,
      );
      res.json({
        action: resultat.action,
        ...(resultat.modifie ? { modifie: resultat.modifie } : {}),
      });
    },
    { parsers: [express.urlencoded({ extended: false, limit: "16kb" })] },
  );
  return router;
}

/**
 * The page `params.page` of the applicant accounts (spec §3 "Account list"):
 * those {@link conditionComptes} finds for `params.query`, sorted by
 * `params.orderField` and `params.orderDirection` then id, with their
 * requests and actions; `nb_elements` and `nb_pages` count every match.
 */
async function pageComptes(
  database: Database,
  params: { query?: string; page: number; orderField: CompteTri; orderDirection: "asc" | "desc" },
): Promise<Page<CompteDemandeur>> {
  const { db } = database;
  const where = conditionComptes(params.query);
  const [{ total }] = await db
    .select({ total: count() })
    .from(utilisateurs)
    .leftJoin(societes, sql`${societes.id} = ${utilisateurs.societeId}`)
    .where(where);
  const rows = await db
    .select({ utilisateur: utilisateurs, societe: societes })
    .from(utilisateurs)
    .leftJoin(societes, sql`${societes.id} = ${utilisateurs.societeId}`)
    .where(where)
    .orderBy(...ordreComptes(params))
    .limit(COMPTES_PAR_PAGE)
    .offset((params.page - 1) * COMPTES_PAR_PAGE);
  const demandesParSociete = await demandesDesSocietes(
    database,
    rows.flatMap(({ societe }) => (societe ? [societe.id] : [])),
  );
  const actions = await actionsDisponiblesComptes(
    db,
    rows.map(({ utilisateur }) => ({ id: utilisateur.id, societeId: utilisateur.societeId })),
  );
  return {
    page: params.page,
    nb_elements: Number(total),
    nb_pages: Math.ceil(Number(total) / COMPTES_PAR_PAGE),
    result: rows.map((row) => versCompteDemandeur(row, demandesParSociete, actions)),
  };
}

/**
 * The account `compte` as the list and the detail show it, with its
 * company's requests from `demandesParSociete` and its actions from
 * `actions` (by user id).
 */
function versCompteDemandeur(
  { utilisateur, societe }: CompteCharge,
  demandesParSociete: Map<string, CompteDemandeur["demandes"]>,
  actions: Map<string, CompteDemandeur["actionsDisponibles"]>,
): CompteDemandeur {
  return {
    id: utilisateur.id,
    email: utilisateur.email,
    firstName: utilisateur.prenom,
    lastName: utilisateur.nom,
    telephone: utilisateur.telephone,
    siren: societe?.siren ?? null,
    raisonSociale: societe?.raisonSociale ?? null,
    qualites: societe?.qualites ?? [],
    statut: utilisateur.statut,
    dateCreation: utilisateur.dateCreation.toISOString(),
    demandes: (societe && demandesParSociete.get(societe.id)) || [],
    actionsDisponibles: actions.get(utilisateur.id) ?? [],
  };
}

/**
 * The requests of the companies `societeIds` (spec §3 "Account list"
 * `demandes`), newest first, by company id, with their normalised state
 * (spec §4: a request in agrement_procedure_en_cours reads its approval's
 * ongoing procedure). Two queries whatever the number of companies.
 */
async function demandesDesSocietes(
  database: Database,
  societeIds: string[],
): Promise<Map<string, CompteDemandeur["demandes"]>> {
  const parSociete = new Map<string, CompteDemandeur["demandes"]>();
  if (!societeIds.length) return parSociete;
  const lignes = await database.db
    .select({
      id: demandes.id,
      societeId: demandes.societeId,
      kind: demandes.kind,
      numeroDossier: demandes.numeroDossier,
      etat: demandes.etat,
      complement: demandes.complement,
      agrementId: demandes.agrementId,
    })
    .from(demandes)
    .where(inArray(demandes.societeId, [...new Set(societeIds)]))
    .orderBy(desc(demandes.dateCreation), asc(demandes.id));
  const procedures = await proceduresEnCours(database, lignes);
  for (const ligne of lignes) {
    const type = ligne.agrementId ? procedures.get(ligne.agrementId) : undefined;
    const liste = parSociete.get(ligne.societeId) ?? [];
    liste.push({
      id: ligne.id,
      kind: ligne.kind,
      numeroDossier: ligne.numeroDossier,
      etat: ligne.etat as EtatDemande,
      etatNormalise: etatNormalise({
        etat: ligne.etat as EtatDemande,
        procedureEnCours: type ? { type } : null,
        complement: (ligne.complement as EtatComplement | null) ?? null,
      }),
    });
    parSociete.set(ligne.societeId, liste);
  }
  return parSociete;
}
