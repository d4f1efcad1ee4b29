/** Applicant accounts for the functional administrator (spec §6, §7 GET /api/user/accounts). */
import { and, asc, count, desc, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import { listerComptes } from "../../../contract/api/comptes.ts";
import {
  COMPTES_PAR_PAGE,
  type CompteDemandeur,
  type Page,
} from "../../../contract/schemas/comptes.ts";
import type { Database } from "../../db/client.ts";
import type { EtatComplement, EtatDemande } from "../../../contract/etats.ts";
import { etatNormalise } from "../../../contract/statuts.ts";
import { demandes, societes, utilisateurs } from "../../db/schema.ts";
import { proceduresEnCours } from "../../domain/demandes/dto.ts";
import { endpoints } from "../endpoint.ts";

const SORT_COLUMNS = {
  dateCreation: utilisateurs.dateCreation,
  raisonSociale: societes.raisonSociale,
  email: utilisateurs.email,
  siren: societes.siren,
} as const;

/** Routes under /user/accounts (contract/api/comptes.ts); admin_fonctionnel only. */
export function comptesRoutes(database: Database, authenticate: RequestHandler): Router {
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
    const conditions: SQL[] = [sql`'demandeur' = any(${utilisateurs.roles})`];
    if (params.query) {
      const like = `%${params.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const digits = params.query.replace(/\s/g, "");
      conditions.push(
        or(
          ilike(societes.raisonSociale, like),
          ilike(utilisateurs.email, like),
          ilike(sql`${utilisateurs.prenom} || ' ' || ${utilisateurs.nom}`, like),
          /^\d+$/.test(digits) ? ilike(societes.siren, `${digits}%`) : undefined,
        )!,
      );
    }
    const where = and(...conditions);
    const [{ total }] = await db
      .select({ total: count() })
      .from(utilisateurs)
      .leftJoin(societes, sql`${societes.id} = ${utilisateurs.societeId}`)
      .where(where);
    const column = SORT_COLUMNS[params.orderField];
    const rows = await db
      .select({ utilisateur: utilisateurs, societe: societes })
      .from(utilisateurs)
      .leftJoin(societes, sql`${societes.id} = ${utilisateurs.societeId}`)
      .where(where)
      .orderBy(params.orderDirection === "asc" ? asc(column) : desc(column), asc(utilisateurs.id))
      .limit(COMPTES_PAR_PAGE)
      .offset((params.page - 1) * COMPTES_PAR_PAGE);
    const demandesParSociete = await demandesDesSocietes(
      database,
      rows.flatMap(({ societe }) => (societe ? [societe.id] : [])),
    );
    const body: Page<CompteDemandeur> = {
      page: params.page,
      nb_elements: Number(total),
      nb_pages: Math.ceil(Number(total) / COMPTES_PAR_PAGE),
      result: rows.map(({ utilisateur, societe }) => ({
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
        // No account action exists yet (issue 16): nothing to offer.
        actionsDisponibles: [],
      })),
    };
    res.json(body);
  });
  return router;
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
