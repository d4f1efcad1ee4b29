/**
 * Who may read or act on the establishments of an approval (DESIGN §4):
 * the applicant only on an approval of his own company,
 * staff on an approval they may see (chargerAgrementAccessible); an
 * unknown, foreign or malformed id is a 404 either way. Also the rule of
 * ETP and referent (ADR 0016).
 */
import { and, desc, eq } from "drizzle-orm";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database, Db } from "../../db/client.ts";
import { agrements, etablissements } from "../../db/schema.ts";
import { chargerAgrementAccessible, type AgrementRow } from "../agrements.ts";
import { interdit, introuvable } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import type { EtablissementRow } from "./dto.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * First day (Europe/Paris) from which a granted approval requires the ETP
 * and the referent of each establishment it references (ADR 0016: the date
 * the regulation on Mon Accompagnateur Rénov' staffing took effect).
 */
export const DATE_ETP_REQUIS = "2024-04-01";

/** 403 message of a referencing under a suspended approval (spec §4). */
export const MESSAGE_AGREMENT_SUSPENDU =
  "L'agrément est suspendu : aucun établissement ne peut être référencé pendant la suspension.";
/** 403 message of a referencing under an approval expired or withdrawn. */
export const MESSAGE_AGREMENT_TERMINE =
  "L'agrément n'est plus en cours : aucun établissement ne peut être référencé.";
/** 403 message of a perimeter update under an approval not en_cours. */
export const MESSAGE_PERIMETRE_AGREMENT_NON_EN_COURS =
  "L'agrément n'est pas en cours : le périmètre d'intervention ne peut pas être modifié.";

/** Whether the approval requires ETP and referent (granted on or after {@link DATE_ETP_REQUIS}). */
export function etpRequis(agrement: Pick<AgrementRow, "dateOctroi">): boolean {
  return aujourdhuiParis(agrement.dateOctroi) >= DATE_ETP_REQUIS;
}

/**
 * The approval `id` of `utilisateur`'s company (any etat); 404 for another
 * company's, an unknown or a malformed id, or a user with no company.
 */
export async function chargerAgrementDuDemandeur(
  database: Database,
  utilisateur: UtilisateurConnecte,
  id: string,
): Promise<AgrementRow> {
  const societeId = utilisateur.row.societeId;
  if (!UUID.test(id) || !societeId) throw introuvable();
  const [agrement] = await database.db
    .select()
    .from(agrements)
    .where(and(eq(agrements.id, id), eq(agrements.societeId, societeId)));
  if (!agrement) throw introuvable();
  return agrement;
}

/**
 * The approval `id` for a reader: the applicant of its company, or staff
 * who may see it (chargerAgrementAccessible); 404 otherwise.
 */
export async function chargerAgrementLisible(
  database: Database,
  utilisateur: UtilisateurConnecte,
  id: string,
): Promise<AgrementRow> {
  if (utilisateur.roles.includes("demandeur"))
    return chargerAgrementDuDemandeur(database, utilisateur, id);
  return chargerAgrementAccessible(database, utilisateur, id);
}

/** 403 unless `agrement` is en_cours (spec §4: a suspended approval blocks new referencing). */
export function exigerAgrementEnCours(agrement: Pick<AgrementRow, "etat">): void {
  if (agrement.etat === "suspendu") throw interdit(MESSAGE_AGREMENT_SUSPENDU);
  if (agrement.etat !== "en_cours") throw interdit(MESSAGE_AGREMENT_TERMINE);
}

/**
 * Establishment `cle` of approval `agrementId`: by id (UUID) or by SIRET
 * (14 digits; the referenced one first, else the latest); 404 when none.
 */
export async function chargerEtablissementDeLAgrement(
  handle: Database | Db,
  agrementId: string,
  cle: string,
): Promise<EtablissementRow> {
  const db = "exec" in handle ? handle.db : handle;
  const parSiret = /^\d{14}$/.test(cle);
  if (!parSiret && !UUID.test(cle)) throw introuvable();
  const [ligne] = await db
    .select()
    .from(etablissements)
    .where(
      and(
        eq(etablissements.agrementId, agrementId),
        parSiret ? eq(etablissements.siret, cle) : eq(etablissements.id, cle),
      ),
    )
    .orderBy(desc(etablissements.referencee), desc(etablissements.dateCreation))
    .limit(1);
  if (!ligne) throw introuvable();
  return ligne;
}

/**
 * Establishment `id` of `utilisateur`'s company with its approval, locked
 * for update inside `tx`; 404 for another company's, unknown or malformed.
 */
export async function chargerEtablissementDuDemandeur(
  tx: Db,
  utilisateur: UtilisateurConnecte,
  id: string,
): Promise<{ etablissement: EtablissementRow; agrement: AgrementRow }> {
  const societeId = utilisateur.row.societeId;
  if (!UUID.test(id) || !societeId) throw introuvable();
  const [ligne] = await tx
    .select({ etablissement: etablissements, agrement: agrements })
    .from(etablissements)
    .innerJoin(agrements, eq(agrements.id, etablissements.agrementId))
    .where(and(eq(etablissements.id, id), eq(etablissements.societeId, societeId)))
    .for("update", { of: etablissements });
  if (!ligne) throw introuvable();
  return ligne;
}
