/**
 * Reading the establishments of an approval (spec §7 Establishments):
 * the list under an approval, one with its history, whether a
 * SIRET is already referenced by the company, and whether the company has
 * any referenced establishment (the applicant home's 'À référencer' tile).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type {
  Etablissement,
  EtablissementDetail,
} from "../../../contract/schemas/etablissement.ts";
import type { Database } from "../../db/client.ts";
import { etablissements } from "../../db/schema.ts";
import type { AgrementRow } from "../agrements.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { chargerEtablissementDeLAgrement } from "./acces.ts";
import { historiqueEtablissement, versEtablissement, versEtablissements } from "./dto.ts";

/**
 * The establishments of `agrement`: the referenced ones first, then the
 * dereferenced; each group by referencing date, then reference.
 */
export async function listerEtablissements(
  database: Database,
  agrement: AgrementRow,
): Promise<Etablissement[]> {
  const rows = await database.db
    .select()
    .from(etablissements)
    .where(eq(etablissements.agrementId, agrement.id))
    .orderBy(
      desc(etablissements.referencee),
      asc(etablissements.dateCreation),
      asc(etablissements.reference),
    );
  return versEtablissements(database, rows);
}

/** Establishment `cle` (id or SIRET) of `agrement` with its history; 404 when none. */
export async function lireEtablissement(
  database: Database,
  agrement: AgrementRow,
  cle: string,
): Promise<EtablissementDetail> {
  const row = await chargerEtablissementDeLAgrement(database, agrement.id, cle);
  return {
    ...(await versEtablissement(database, row, agrement.numeroAgrement)),
    historique: await historiqueEtablissement(database, row.id),
  };
}

/** Whether `utilisateur`'s company has a referenced establishment with SIRET `siret`. */
export async function siretDejaReference(
  database: Database,
  utilisateur: UtilisateurConnecte,
  siret: string,
): Promise<boolean> {
  const societeId = utilisateur.row.societeId;
  if (!societeId) return false;
  const [ligne] = await database.db
    .select({ id: etablissements.id })
    .from(etablissements)
    .where(
      and(
        eq(etablissements.societeId, societeId),
        eq(etablissements.siret, siret),
        eq(etablissements.referencee, true),
      ),
    )
    .limit(1);
  return ligne !== undefined;
}

/** Whether `utilisateur`'s company has at least one referenced establishment. */
export async function aUnEtablissementReference(
  database: Database,
  utilisateur: UtilisateurConnecte,
): Promise<boolean> {
  const societeId = utilisateur.row.societeId;
  if (!societeId) return false;
  const [ligne] = await database.db
    .select({ id: etablissements.id })
    .from(etablissements)
    .where(and(eq(etablissements.societeId, societeId), eq(etablissements.referencee, true)))
    .limit(1);
  return ligne !== undefined;
}
