/**
 * Walks a whole instruction list in batches for the CSV exports (DESIGN §7
 * "exports never load a whole table"): keyset pagination on the list's own
 * order (sort value, id), each batch one indexed query with the names the
 * export prints joined in.
 */
import { and, eq } from "drizzle-orm";
import type { FiltresDemandes } from "../../../contract/schemas/instruction.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import {
  demandes,
  departements,
  regions,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../../http/auth.ts";
import type { DemandeRow, KindDemande } from "../acces.ts";
import { conditionListe } from "./filtres.ts";
import { apresSql, cleTriSql, ordreSql, type Curseur } from "./tri.ts";

/** Rows read per query while exporting. */
export const TAILLE_LOT_EXPORT = 500;

/**
 * The columns of a request an export reads: not the JSON `contenu`, which
 * made up most of the bytes read (issue 5).
 */
const COLONNES_EXPORT = {
  id: demandes.id,
  numeroDossier: demandes.numeroDossier,
  raisonSociale: demandes.raisonSociale,
  siren: demandes.siren,
  qualite: demandes.qualite,
  etat: demandes.etat,
  codeDepartement: demandes.codeDepartement,
  codeRegion: demandes.codeRegion,
  dateDepot: demandes.dateDepot,
  dateLimiteInstruction: demandes.dateLimiteInstruction,
  suspenduDepuis: demandes.suspenduDepuis,
};

/** A request with the names an export shows beside its codes. */
export interface LigneExport {
  demande: Pick<DemandeRow, keyof typeof COLONNES_EXPORT>;
  departement: string | null;
  region: string | null;
  service: string | null;
  instructeur: { prenom: string; nom: string } | null;
}

/**
 * The requests of `kind` that `utilisateur` sees and `filtres` select
 * (paging ignored), in the list's order, as batches of at most
 * `taille` rows. The condition is built before the first query, so a
 * refusal (403 `mesDossiers`) is thrown by the first `next()`, before any
 * byte is sent.
 */
export async function* lotsDemandes(
  database: Database,
  utilisateur: UtilisateurConnecte,
  kind: KindDemande,
  filtres: FiltresDemandes,
  maintenant: Date,
  taille = TAILLE_LOT_EXPORT,
): AsyncGenerator<LigneExport[]> {
  const where = conditionListe(utilisateur, kind, filtres, aujourdhuiParis(maintenant));
  let curseur: Curseur | undefined;
  for (;;) {
    const rows = await database.db
      .select({
        demande: COLONNES_EXPORT,
        cle: cleTriSql(filtres.order),
        departement: departements.nom,
        region: regions.nom,
        service: servicesInstructeur.nom,
        instructeurPrenom: utilisateurs.prenom,
        instructeurNom: utilisateurs.nom,
      })
      .from(demandes)
      .leftJoin(departements, eq(departements.code, demandes.codeDepartement))
      .leftJoin(regions, eq(regions.code, demandes.codeRegion))
      .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, demandes.serviceInstructeurId))
      .leftJoin(utilisateurs, eq(utilisateurs.id, demandes.instructeurId))
      .where(curseur ? and(where, apresSql(filtres.order, curseur)) : where)
      .orderBy(...ordreSql(filtres.order))
      .limit(taille);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      demande: row.demande,
      departement: row.departement,
      region: row.region,
      service: row.service,
      instructeur:
        row.instructeurPrenom !== null && row.instructeurNom !== null
          ? { prenom: row.instructeurPrenom, nom: row.instructeurNom }
          : null,
    }));
    if (rows.length < taille) return;
    const derniere = rows[rows.length - 1];
    curseur = { cle: derniere.cle, id: derniere.demande.id };
  }
}
