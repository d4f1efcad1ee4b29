/**
 * The approvals list (spec §2 /agrements, §3 "Agrement list criteria", §7
 * `GET /api/agrements`, §9 default sort numeroAgrement ascending):
 * who sees which approval, the filters as one SQL condition, a
 * page, and the walk in batches the CSV export streams.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  like,
  notExists,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import {
  TAILLE_PAGE_AGREMENTS,
  type AgrementListe,
  type FiltreRapportAnnuel,
  type FiltresAgrements,
  type TriAgrements,
} from "../../../contract/schemas/agrements-liste.ts";
import type { Page } from "../../../contract/schemas/listes.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  etablissements,
  rapportsAnnuelsActivite,
  retardsRapportAnnuel,
  servicesInstructeur,
  societes,
} from "../../db/schema.ts";
import { conditionPortee } from "../etablissements/liste.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

const AUCUNE = sql`false`;

/** `like` pattern matching `texte` anywhere, its wildcards taken literally. */
function contient(texte: string): string {
  return `%${texte.replace(/[%_\\]/g, (caractere) => `\\${caractere}`)}%`;
}

/**
 * `colonne` as the list search compares it: the SQL twin of
 * `normaliserRecherche` (contract/texte.ts), as the generated search
 * columns of `demande` are written (api/db/schema.ts `texteRecherche`).
 * Computed per row: the approvals table is small next to the requests'.
 */
function texteRechercheSql(colonne: SQLWrapper): SQL {
  const sansAccents = sql`regexp_replace(normalize(coalesce(${colonne}, ''), NFD), '[\\u0300-\\u036f]', '', 'g')`;
  const ligatures = sql`replace(replace(replace(replace(replace(${sansAccents}, 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss')`;
  return sql`lower(regexp_replace(${ligatures}, '[^a-zA-Z0-9]+', ' ', 'g'))`;
}

/**
 * Search of spec §7 `query`, as the request lists search: case- and
 * accent-insensitive on the approval number and the company name; a query
 * of digits and spaces also matches the holding company's SIREN with its
 * spaces removed ("832 915 474").
 */
function conditionRecherche(query: string): SQL {
  const terme = normaliserRecherche(query);
  const chiffres = query.replace(/\s/g, "");
  return (
    or(
      terme ? like(texteRechercheSql(agrements.numeroAgrement), contient(terme)) : undefined,
      terme ? like(texteRechercheSql(agrements.raisonSociale), contient(terme)) : undefined,
      /^\d+$/.test(chiffres)
        ? exists(
            sql`(select 1 from ${societes} where ${societes.id} = ${agrements.societeId} and ${societes.siren} like ${contient(chiffres)})`,
          )
        : undefined,
    ) ?? AUCUNE
  );
}

/** One value of the `rapportAnnuelActivites` filter, about the report of `annee` (ADR 0026). */
function conditionRapport(valeur: FiltreRapportAnnuel, annee: number): SQL {
  const depose = sql`(select 1 from ${rapportsAnnuelsActivite} where ${rapportsAnnuelsActivite.agrementId} = ${agrements.id} and ${rapportsAnnuelsActivite.annee} = ${annee} and ${rapportsAnnuelsActivite.etat} = 'depose')`;
  if (valeur === "depose") return exists(depose);
  if (valeur === "nonDepose") return notExists(depose);
  return exists(
    sql`(select 1 from ${retardsRapportAnnuel} where ${retardsRapportAnnuel.agrementId} = ${agrements.id} and ${retardsRapportAnnuel.annee} = ${annee})`,
  );
}

/** Referenced establishments of the approval of the current row. */
const etablissementsReferences = () =>
  sql`(select 1 from ${etablissements} where ${etablissements.agrementId} = ${agrements.id} and ${etablissements.referencee})`;

/**
 * The whole WHERE of the list or its export for `utilisateur` on the
 * Europe/Paris day `aujourdhui` ("AAAA-MM-JJ"): his scope (DESIGN §4, as
 * the approval page decides: every approval for the central roles, those
 * granted on a request he sees otherwise), then every filter of
 * `filtres` (OR within one, AND across). Filter values the reader dropped
 * leave no condition.
 */
export function conditionAgrements(
  utilisateur: UtilisateurConnecte,
  filtres: FiltresAgrements,
  aujourdhui: string,
): SQL {
  const anneeEcoulee = Number(aujourdhui.slice(0, 4)) - 1;
  const parmi = <T>(valeurs: T[], condition: (valeurs: T[]) => SQL | undefined) =>
    valeurs.length ? condition(valeurs) : undefined;
  return and(
    conditionPortee(utilisateur),
    parmi(filtres.etat, (etats) => inArray(agrements.etat, etats)),
    parmi(filtres.quality, (qualites) => inArray(agrements.qualite, qualites)),
    parmi(filtres.servicesInstructeur, (ids) => inArray(agrements.serviceInstructeurId, ids)),
    parmi(filtres.rapportAnnuelActivites, (valeurs) =>
      or(...valeurs.map((valeur) => conditionRapport(valeur, anneeEcoulee))),
    ),
    filtres.hasEtablissement === undefined
      ? undefined
      : filtres.hasEtablissement
        ? exists(etablissementsReferences())
        : notExists(etablissementsReferences()),
    filtres.query ? conditionRecherche(filtres.query) : undefined,
  )!;
}

/** What each sortable column sorts on: company names as people read them. */
const CLES_TRI: Record<TriAgrements, () => SQL> = {
  numeroAgrement: () => sql`${agrements.numeroAgrement}`,
  raisonSociale: () => texteRechercheSql(agrements.raisonSociale),
  etat: () => sql`${agrements.etat}`,
  dateDebut: () => sql`${agrements.dateDebut}`,
  dateFin: () => sql`${agrements.dateFin}`,
};

/** ORDER BY of the list: the column, then the id in the same direction (stable pages). */
function ordre(filtres: FiltresAgrements): SQL[] {
  const sens = filtres.order.direction === "asc" ? asc : desc;
  return [sens(CLES_TRI[filtres.order.field]()), sens(agrements.id)];
}

/** The columns of a row of the list (and of the export). */
const COLONNES = {
  id: agrements.id,
  numeroAgrement: agrements.numeroAgrement,
  raisonSociale: agrements.raisonSociale,
  siren: societes.siren,
  qualite: agrements.qualite,
  etat: agrements.etat,
  dateDebut: agrements.dateDebut,
  dateFin: agrements.dateFin,
  codeDepartement: agrements.codeDepartement,
  serviceInstructeur: servicesInstructeur.nom,
  nbEtablissements: sql<number>`(select count(*)::int from ${etablissements} where ${etablissements.agrementId} = ${agrements.id} and ${etablissements.referencee})`,
};

/** The rows of `where`, joined to the company (SIREN) and the service (name). */
function lignes(database: Database, where: SQL) {
  return database.db
    .select(COLONNES)
    .from(agrements)
    .innerJoin(societes, eq(societes.id, agrements.societeId))
    .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, agrements.serviceInstructeurId))
    .where(where);
}

/** A driver row as the contract's (`nbEtablissements` may come back as text). */
function versLigne(row: Awaited<ReturnType<typeof lignes>>[number]): AgrementListe {
  return { ...row, nbEtablissements: Number(row.nbEtablissements) };
}

/**
 * Page `filtres.page` (first = 1, 20 rows) of the approvals `utilisateur`
 * sees and `filtres` select, sorted by `filtres.order` then id. A page
 * beyond the last has an empty `result` and the true totals. `maintenant`
 * (the API clock) dates the annual-report filter.
 */
export async function pageAgrements(
  database: Database,
  utilisateur: UtilisateurConnecte,
  filtres: FiltresAgrements,
  maintenant: Date,
): Promise<Page<AgrementListe>> {
  const where = conditionAgrements(utilisateur, filtres, aujourdhuiParis(maintenant));
  const [{ total }] = await database.db.select({ total: count() }).from(agrements).where(where);
  const nbElements = Number(total);
  const nbPages = Math.ceil(nbElements / TAILLE_PAGE_AGREMENTS);
  const rows =
    filtres.page > nbPages
      ? []
      : await lignes(database, where)
          .orderBy(...ordre(filtres))
          .limit(TAILLE_PAGE_AGREMENTS)
          .offset((filtres.page - 1) * TAILLE_PAGE_AGREMENTS);
  return {
    page: filtres.page,
    nb_elements: nbElements,
    nb_pages: nbPages,
    result: rows.map(versLigne),
  };
}

/** Rows read per query while exporting (as the other exports). */
export const TAILLE_LOT_AGREMENTS = 250;

/**
 * The approvals `utilisateur` sees and `filtres` select (paging and sort
 * aside: numeroAgrement ascending, the unique index's order), as batches
 * of at most `taille` rows, keyset-paginated on the number.
 */
export async function* lotsAgrements(
  database: Database,
  utilisateur: UtilisateurConnecte,
  filtres: FiltresAgrements,
  maintenant: Date,
  taille = TAILLE_LOT_AGREMENTS,
): AsyncGenerator<AgrementListe[]> {
  const where = conditionAgrements(utilisateur, filtres, aujourdhuiParis(maintenant));
  let apres: string | undefined;
  for (;;) {
    const rows = await lignes(
      database,
      apres === undefined ? where : and(where, gt(agrements.numeroAgrement, apres))!,
    )
      .orderBy(asc(agrements.numeroAgrement))
      .limit(taille);
    if (rows.length === 0) return;
    yield rows.map(versLigne);
    if (rows.length < taille) return;
    apres = rows[rows.length - 1].numeroAgrement;
  }
}
