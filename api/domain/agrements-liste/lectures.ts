/**
 * The last read calls of spec §7 (ADR 0026): one
 * withdrawal procedure with its history (`GET api/procedure_agrement/{id}`),
 * and the complements a request received (`GET /api/{kind}/{id}/pieces-jointes-additionnelles`).
 * The request counts of the staff home and list tabs (`GET /api/demande/nb-demandes`,
 * `GET /api/demande/count`) are api/domain/listes/comptes.ts.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { TypeDossier } from "../../../contract/etats.ts";
import { lireHistorique } from "../../../contract/historique-visibilite.ts";
import type { ProcedureAgrementDetail } from "../../../contract/schemas/agrements-liste.ts";
import type { PjAdditionnelles } from "../../../contract/schemas/complements.ts";
import type { EntreeHistorique } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { historique, proceduresAgrement, utilisateurs } from "../../db/schema.ts";
import { chargerDemandeAccessible, coteDe } from "../acces.ts";
import { pjAdditionnellesDe } from "../demandes/dto.ts";
import { chargerAgrementLisible } from "../etablissements/acces.ts";
import { introuvable } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

/** Actions of a request's history that create, change or end a withdrawal procedure. */
const ACTIONS_PROCEDURE = ["CREER_PROCEDURE", "MODIFIER_PROCEDURE", "TERMINER_PROCEDURE"];

/**
 * Withdrawal procedure `id` (an integer, as text) with its history, to
 * whoever may read its approval (the company holding it, staff who see
 * it); 404 for anyone else, an unknown or a malformed id. The history is
 * the rows of the procedure's request that created it (same instant),
 * changed or ended it (`donnees.procedureId`), and the approval's rows
 * naming it (expiry: `donnees.procedureIds`), newest first, as the reader
 * may read them (contract/historique-visibilite.ts).
 */
export async function lireProcedureAgrement(
  database: Database,
  utilisateur: UtilisateurConnecte,
  id: string,
): Promise<ProcedureAgrementDetail> {
  if (!/^\d{1,9}$/.test(id)) throw introuvable();
  const [procedure] = await database.db
    .select()
    .from(proceduresAgrement)
    .where(eq(proceduresAgrement.id, Number(id)));
  if (!procedure) throw introuvable();
  const agrement = await chargerAgrementLisible(database, utilisateur, procedure.agrementId);
  const deLaDemande = procedure.demandeId
    ? and(
        inArray(historique.ressourceType, ["demande", "changement-notable"]),
        eq(historique.ressourceId, procedure.demandeId),
        inArray(historique.action, ACTIONS_PROCEDURE),
        or(
          sql`${historique.donnees} ->> 'procedureId' = ${String(procedure.id)}`,
          and(
            eq(historique.action, "CREER_PROCEDURE"),
            eq(historique.date, procedure.dateCreation),
          ),
        ),
      )
    : undefined;
  const deLAgrement = and(
    eq(historique.ressourceType, "agrement"),
    eq(historique.ressourceId, procedure.agrementId),
    sql`${historique.donnees} -> 'procedureIds' @> ${JSON.stringify(procedure.id)}::jsonb`,
  );
  const rows = await database.db
    .select({ entree: historique, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
    .from(historique)
    .leftJoin(utilisateurs, eq(utilisateurs.id, historique.acteurId))
    .where(or(deLaDemande, deLAgrement))
    .orderBy(desc(historique.date), desc(historique.id));
  const entrees = rows.map(({ entree, prenom, nom }): EntreeHistorique => ({
    id: entree.id,
    action: entree.action,
    etatAvant: entree.etatAvant,
    etatApres: entree.etatApres,
    date: entree.date.toISOString(),
    commentaire: entree.commentaire,
    acteur:
      entree.acteurId && prenom !== null && nom !== null
        ? { prenom, nom, role: entree.acteurRole }
        : null,
  }));
  return {
    id: procedure.id,
    agrementId: procedure.agrementId,
    numeroAgrement: agrement.numeroAgrement,
    demandeId: procedure.demandeId,
    type: procedure.type,
    etat: procedure.etat,
    dateCreation: procedure.dateCreation.toISOString(),
    data: {
      dateNotification: procedure.dateNotification,
      decision: procedure.decision,
      dateDecision: procedure.dateDecision,
    },
    historique: lireHistorique(coteDe(utilisateur, agrement), entrees),
  };
}

/**
 * The complements request `id` of `kind` received (spec §3
 * `pjAdditionnelles`, §9): one group per DONNER_COMPLEMENT that brought at
 * least one file, numbered 1… in the order given, returned highest first.
 * 404 for a request the caller may not see (as every /{kind}/{id} read).
 */
export async function complementsRecus(
  database: Database,
  utilisateur: UtilisateurConnecte,
  kind: TypeDossier,
  id: string,
): Promise<PjAdditionnelles[]> {
  const demande = await chargerDemandeAccessible(database, utilisateur, kind, id);
  return pjAdditionnellesDe(database, demande);
}
