/**
 * Walks a whole instruction list in batches for the CSV exports (DESIGN §7
 * "exports never load a whole table"): keyset pagination on the list's own
 * order (sort value, id), each batch one indexed query with the names the
 * export prints joined in, the next one read while the previous is written.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { TypeDossier } from "../../../contract/etats.ts";
import type { FiltresDemandes } from "../../../contract/schemas/listes.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import {
  demandes,
  departements,
  regions,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import type { DemandeRow } from "../acces.ts";
import { conditionListe } from "./filtres.ts";
import { apresSql, cleTriSql, ordreSql } from "./tri.ts";

/**
 * Rows read per query while exporting. The next batch is read while one is
 * written out (the database on one core, the formatting on the other), so
 * smaller batches cost little wall time; and the smaller a batch, the less
 * often V8 sees its rows outlive young collections and starts allocating
 * such rows in its old generation ("allocation-site pretenuring"), where
 * the scale-10 export then leaves ≈ 65 Mio of dead rows until the next full
 * collection (+50 Mio resident; no retention: the heap after a full
 * collection is that of the idle server). Seen on every run from 500 rows
 * up, on some runs at 250, on none at 100, which took 3.5 s
 * (docs/performance.md).
 */
export const TAILLE_LOT_EXPORT = 250;

/** A request with the names an export shows beside its codes. */
export interface LigneExport {
  demande: Pick<
    DemandeRow,
    | "id"
    | "kind"
    | "numeroDossier"
    | "raisonSociale"
    | "siren"
    | "qualite"
    | "etat"
    | "codeDepartement"
    | "codeRegion"
    | "dateLimiteInstruction"
    | "suspenduDepuis"
  >;
  /** Europe/Paris calendar day of the deposit, "AAAA-MM-JJ" (null before it). */
  jourDepot: string | null;
  departement: string | null;
  region: string | null;
  service: string | null;
  instructeur: { prenom: string; nom: string } | null;
}

/** A row of an export query as the driver gives it, named by {@link champsExport}. */
type LigneSql = LigneExport["demande"] & {
  jourDepot: string | null;
  cle: string | null;
  departement: string | null;
  region: string | null;
  service: string | null;
  instructeurPrenom: string | null;
  instructeurNom: string | null;
};

/**
 * What an export query selects, each under the name of {@link LigneSql}.
 * Only the columns the export prints (not the JSON `contenu`, which made
 * up most of the bytes read), and in types both drivers give the same way
 * without drizzle's per-row mapping, which with the Date built and
 * formatted per row took over a quarter of the export's CPU at scale 10:
 * dates as "AAAA-MM-JJ" text, the deposit's day from
 * PostgreSQL's time zone database; `suspenduDepuis` (a Date, mostly null)
 * is only tested.
 */
function champsExport(ordre: FiltresDemandes["order"]) {
  const jour = (expression: SQL) => sql`to_char(${expression}, 'YYYY-MM-DD')`;
  const champs: Record<keyof LigneSql, SQL> = {
    id: sql`${demandes.id}`,
    kind: sql`${demandes.kind}`,
    numeroDossier: sql`${demandes.numeroDossier}`,
    raisonSociale: sql`${demandes.raisonSociale}`,
    siren: sql`${demandes.siren}`,
    qualite: sql`${demandes.qualite}`,
    etat: sql`${demandes.etat}`,
    codeDepartement: sql`${demandes.codeDepartement}`,
    codeRegion: sql`${demandes.codeRegion}`,
    dateLimiteInstruction: jour(sql`${demandes.dateLimiteInstruction}`),
    suspenduDepuis: sql`${demandes.suspenduDepuis}`,
    jourDepot: jour(sql`${demandes.dateDepot} at time zone 'Europe/Paris'`),
    cle: cleTriSql(ordre),
    departement: sql`${departements.nom}`,
    region: sql`${regions.nom}`,
    service: sql`${servicesInstructeur.nom}`,
    instructeurPrenom: sql`${utilisateurs.prenom}`,
    instructeurNom: sql`${utilisateurs.nom}`,
  };
  return Object.fromEntries(
    Object.entries(champs).map(([nom, expression]) => [nom, expression.as(nom)]),
  );
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
  kind: TypeDossier,
  filtres: FiltresDemandes,
  maintenant: Date,
  taille = TAILLE_LOT_EXPORT,
): AsyncGenerator<LigneExport[]> {
  const where = conditionListe(utilisateur, kind, filtres, aujourdhuiParis(maintenant));
  const champs = champsExport(filtres.order);
  const lire = (apres: SQL | undefined) => {
    // drizzle writes the statement; the rows come from the driver as they are (LigneSql).
    const requete = database.db
      .select(champs)
      .from(demandes)
      .leftJoin(departements, eq(departements.code, demandes.codeDepartement))
      .leftJoin(regions, eq(regions.code, demandes.codeRegion))
      .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, demandes.serviceInstructeurId))
      .leftJoin(utilisateurs, eq(utilisateurs.id, demandes.instructeurId))
      .where(apres ? and(where, apres) : where)
      .orderBy(...ordreSql(filtres.order))
      .limit(taille)
      .toSQL();
    return database.query<LigneSql>(requete.sql, requete.params);
  };
  let suivant = lire(undefined);
  for (;;) {
    const rows = await suivant;
    if (rows.length === 0) return;
    if (rows.length === taille) {
      // The next batch is read while this one is written out: the database
      // works on one core while the export formats and compresses on the other.
      const derniere = rows[rows.length - 1];
      suivant = lire(apresSql(filtres.order, { cle: derniere.cle, id: derniere.id }));
      // A client that goes away stops the walk at the yield below: the read
      // ahead must not then fail as an unhandled rejection.
      suivant.catch(() => undefined);
    }
    yield rows.map((row) => ({
      demande: row,
      jourDepot: row.jourDepot,
      departement: row.departement,
      region: row.region,
      service: row.service,
      instructeur:
        row.instructeurPrenom !== null && row.instructeurNom !== null
          ? { prenom: row.instructeurPrenom, nom: row.instructeurNom }
          : null,
    }));
    if (rows.length < taille) return;
  }
}
