/**
 * The staff list of referenced establishments (spec §3 Etablissement, §7
 * `GET /api/etablissements`): who sees which, the filters
 * as one SQL condition served by the indexes of migration 0008 (GIN
 * `jsonb_path_ops` on the perimeter, trigram on the search texts), a page,
 * and the walk in batches the CSV export and the ZIP download stream.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  like,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { CENTRAL_ROLES, hasAnyRole } from "../../../contract/roles.ts";
import {
  MAX_NOMS_SOCIETES,
  TAILLE_PAGE_ETABLISSEMENTS,
  type EtablissementListe,
  type FiltresEtablissements,
  type FiltresTelechargement,
  type PageEtablissements,
  type TriEtablissements,
} from "../../../contract/schemas/etablissements-liste.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  communes,
  demandes,
  departements,
  etablissements,
  type PerimetreEtablissement,
  type ReferentEtablissement,
} from "../../db/schema.ts";
import { chargerAgrementAccessible } from "../agrements.ts";
import { conditionVisibilite } from "../listes/visibilite.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

const AUCUNE = sql`false`;

/** `like` pattern matching `texte` anywhere, its wildcards taken literally. */
function contient(texte: string): string {
  return `%${texte.replace(/[%_\\]/g, (caractere) => `\\${caractere}`)}%`;
}

/**
 * Establishments whose approval `utilisateur` may see (DESIGN §4, as the
 * approval page decides with `peutVoirAgrement`): all for the central roles;
 * for the instruction roles, those of approvals granted on a request they
 * see (their service; a superviseur's perimeter), written once by
 * `conditionVisibilite` on the request the approval was granted on.
 */
export function conditionPortee(utilisateur: UtilisateurConnecte): SQL {
  if (hasAnyRole(utilisateur.roles, CENTRAL_ROLES)) return sql`true`;
  return exists(
    sql`(select 1 from ${demandes} where ${demandes.id} = ${agrements.demandeId} and ${conditionVisibilite(utilisateur)})`,
  );
}

/** `perimetre @> {cle: [code]}`: the GIN `jsonb_path_ops` index serves each one. */
function contientZone(cle: keyof PerimetreEtablissement, code: string): SQL {
  return sql`${etablissements.perimetre} @> ${JSON.stringify({ [cle]: [code] })}::jsonb`;
}

/**
 * The perimeter filters (OR within a filter, AND across): an establishment
 * is kept when its intervention perimeter covers one chosen area — names
 * it, or names a larger area holding it (a région holds its départements, a
 * département or an EPCI its communes); a région is also covered by a
 * perimeter naming one of its départements. Each case is one `@>` test.
 */
async function conditionsPerimetre(
  database: Database,
  filtres: FiltresEtablissements,
): Promise<SQL[]> {
  const conditions: SQL[] = [];
  const ou = (tests: SQL[]) => or(...tests) ?? AUCUNE;
  if (filtres.regions.length) {
    const deps = await database.db
      .select({ code: departements.code })
      .from(departements)
      .where(inArray(departements.codeRegion, filtres.regions));
    conditions.push(
      ou([
        ...filtres.regions.map((code) => contientZone("regions", code)),
        ...deps.map(({ code }) => contientZone("departements", code)),
      ]),
    );
  }
  if (filtres.departements.length) {
    const deps = await database.db
      .select({ code: departements.code, region: departements.codeRegion })
      .from(departements)
      .where(inArray(departements.code, filtres.departements));
    conditions.push(
      ou([
        ...filtres.departements.map((code) => contientZone("departements", code)),
        ...[...new Set(deps.map(({ region }) => region))].map((code) =>
          contientZone("regions", code),
        ),
      ]),
    );
  }
  if (filtres.epcis.length)
    conditions.push(ou(filtres.epcis.map((code) => contientZone("epcis", code))));
  if (filtres.communes.length) {
    const lignes = await database.db
      .select({
        departement: communes.codeDepartement,
        region: communes.codeRegion,
        epci: communes.codeEpci,
      })
      .from(communes)
      .where(inArray(communes.code, filtres.communes));
    const unique = (valeurs: (string | null)[]) =>
      [...new Set(valeurs)].filter((valeur): valeur is string => valeur !== null);
    conditions.push(
      ou([
        ...filtres.communes.map((code) => contientZone("communes", code)),
        ...unique(lignes.map(({ epci }) => epci)).map((code) => contientZone("epcis", code)),
        ...unique(lignes.map(({ departement }) => departement)).map((code) =>
          contientZone("departements", code),
        ),
        ...unique(lignes.map(({ region }) => region)).map((code) => contientZone("regions", code)),
      ]),
    );
  }
  return conditions;
}

/**
 * Search of spec §7 `query`: case- and accent-insensitive on the name and
 * the company name (their generated search columns), the reference, and,
 * for a query of digits and spaces, the SIRET with its spaces removed.
 * Trigram indexes serve each `like '%…%'`.
 */
function conditionRecherche(query: string): SQL {
  const terme = normaliserRecherche(query);
  const chiffres = query.replace(/\s/g, "");
  return (
    or(
      terme ? like(etablissements.nomRecherche, contient(terme)) : undefined,
      terme ? like(etablissements.raisonSocialeRecherche, contient(terme)) : undefined,
      ilike(etablissements.reference, contient(query.trim())),
      /^\d+$/.test(chiffres) ? like(etablissements.siret, contient(chiffres)) : undefined,
    ) ?? AUCUNE
  );
}

/**
 * The rows of the list for `utilisateur` and `filtres` (paging aside):
 * referenced establishments only (`referencee`), inside his scope, matching
 * every filter. Reads the geography the perimeter filters need.
 */
export async function conditionEtablissements(
  database: Database,
  utilisateur: UtilisateurConnecte,
  filtres: FiltresEtablissements,
): Promise<SQL> {
  return and(
    eq(etablissements.referencee, true),
    conditionPortee(utilisateur),
    ...(await conditionsPerimetre(database, filtres)),
    filtres.reference ? ilike(etablissements.reference, contient(filtres.reference)) : undefined,
    filtres.query ? conditionRecherche(filtres.query) : undefined,
  )!;
}

/** What each sortable column sorts on: names as people read them (case and accents ignored). */
const CLES_TRI: Record<TriEtablissements, () => SQL> = {
  dateCreation: () => sql`${etablissements.dateCreation}`,
  reference: () => sql`${etablissements.reference}`,
  nom: () => sql`${etablissements.nomRecherche}`,
  raisonSociale: () => sql`${etablissements.raisonSocialeRecherche}`,
  siret: () => sql`${etablissements.siret}`,
  ville: () => sql`lower(${etablissements.ville})`,
};

/** ORDER BY of the list: the column, then the id in the same direction (stable pages). */
function ordre(filtres: FiltresEtablissements): SQL[] {
  const sens = filtres.order.direction === "asc" ? asc : desc;
  return [sens(CLES_TRI[filtres.order.field]()), sens(etablissements.id)];
}

const COLONNES_LISTE = {
  id: etablissements.id,
  agrementId: etablissements.agrementId,
  numeroAgrement: agrements.numeroAgrement,
  reference: etablissements.reference,
  raisonSociale: etablissements.raisonSociale,
  nom: etablissements.nom,
  siret: etablissements.siret,
  codePostal: etablissements.codePostal,
  ville: etablissements.ville,
  dateCreation: etablissements.dateCreation,
};

/**
 * Page `filtres.page` (first = 1, 20 rows) of the referenced establishments
 * `utilisateur` sees and `filtres` select, sorted by `order`
 * then id. A page beyond the last has an empty `result` and the true totals.
 */
export async function pageEtablissements(
  database: Database,
  utilisateur: UtilisateurConnecte,
  filtres: FiltresEtablissements,
): Promise<PageEtablissements> {
  const where = await conditionEtablissements(database, utilisateur, filtres);
  // Central roles see every approval: without the join (an establishment
  // always has its approval), the unfiltered count reads the
  // (referencee, date_creation, id) index alone instead of the table.
  const compte = database.db.select({ total: count() }).from(etablissements);
  const [{ total }] = await (hasAnyRole(utilisateur.roles, CENTRAL_ROLES)
    ? compte.where(where)
    : compte.innerJoin(agrements, eq(agrements.id, etablissements.agrementId)).where(where));
  const nbElements = Number(total);
  const nbPages = Math.ceil(nbElements / TAILLE_PAGE_ETABLISSEMENTS);
  const rows =
    filtres.page > nbPages
      ? []
      : await database.db
          .select(COLONNES_LISTE)
          .from(etablissements)
          .innerJoin(agrements, eq(agrements.id, etablissements.agrementId))
          .where(where)
          .orderBy(...ordre(filtres))
          .limit(TAILLE_PAGE_ETABLISSEMENTS)
          .offset((filtres.page - 1) * TAILLE_PAGE_ETABLISSEMENTS);
  return {
    page: filtres.page,
    nb_elements: nbElements,
    nb_pages: nbPages,
    result: rows.map((row): EtablissementListe => ({
      ...row,
      dateCreation: row.dateCreation.toISOString(),
    })),
  };
}

/** Rows read per query while exporting (as the requests' exports, api/domain/listes/parcours.ts). */
export const TAILLE_LOT_ETABLISSEMENTS = 250;

/** An establishment as the CSV files print it. */
export interface LigneEtablissementExport {
  id: string;
  reference: string;
  raisonSociale: string;
  nom: string;
  nomInsee: string | null;
  nomMar: string | null;
  siret: string;
  adresse1: string;
  adresse2: string | null;
  codePostal: string;
  ville: string;
  tel: string | null;
  email: string | null;
  siteInternet: string | null;
  etp: string | number | null;
  perimetre: PerimetreEtablissement;
  referent: ReferentEtablissement | null;
  numeroAgrement: string;
  /** Europe/Paris day of the referencing, "JJ/MM/AAAA". */
  jourReference: string;
  /** Keyset cursor: the referencing instant as text. */
  cle: string;
}

/**
 * The establishments matching `where` (a condition on `etablissement` and
 * `agrement`), newest referencing first, as batches of at most `taille`
 * rows: keyset pagination on (date_creation, id), the next batch read while
 * the previous one is written. The rows come from the driver as they are.
 */
export async function* lotsEtablissements(
  database: Database,
  where: SQL,
  taille = TAILLE_LOT_ETABLISSEMENTS,
): AsyncGenerator<LigneEtablissementExport[]> {
  const e = etablissements;
  const champs = {
    id: sql`${e.id}`,
    reference: sql`${e.reference}`,
    raisonSociale: sql`${e.raisonSociale}`,
    nom: sql`${e.nom}`,
    nomInsee: sql`${e.nomInsee}`,
    nomMar: sql`${e.nomMar}`,
    siret: sql`${e.siret}`,
    adresse1: sql`${e.adresse1}`,
    adresse2: sql`${e.adresse2}`,
    codePostal: sql`${e.codePostal}`,
    ville: sql`${e.ville}`,
    tel: sql`${e.tel}`,
    email: sql`${e.email}`,
    siteInternet: sql`${e.siteInternet}`,
    etp: sql`${e.etp}`,
    perimetre: sql`${e.perimetre}`,
    referent: sql`${e.referent}`,
    numeroAgrement: sql`${agrements.numeroAgrement}`,
    jourReference: sql`to_char(${e.dateCreation} at time zone 'Europe/Paris', 'DD/MM/YYYY')`,
    cle: sql`${e.dateCreation}::text`,
  } satisfies Record<keyof LigneEtablissementExport, SQL>;
  const selection = Object.fromEntries(
    Object.entries(champs).map(([nom, expression]) => [nom, expression.as(nom)]),
  );
  const lire = (apres: SQL | undefined) => {
    const requete = database.db
      .select(selection)
      .from(e)
      .innerJoin(agrements, eq(agrements.id, e.agrementId))
      .where(apres ? and(where, apres) : where)
      .orderBy(desc(e.dateCreation), desc(e.id))
      .limit(taille)
      .toSQL();
    return database.query<LigneEtablissementExport>(requete.sql, requete.params);
  };
  let suivant = lire(undefined);
  for (;;) {
    const rows = await suivant;
    if (rows.length === 0) return;
    if (rows.length === taille) {
      const derniere = rows[rows.length - 1];
      // A row comparison, so that PostgreSQL starts each batch inside the index range.
      suivant = lire(
        sql`(${e.dateCreation}, ${e.id}) < (cast(${derniere.cle} as timestamptz), cast(${derniere.id} as uuid))`,
      );
      // A client that goes away stops the walk at the yield: the read ahead must not fail unhandled.
      suivant.catch(() => undefined);
    }
    yield rows;
    if (rows.length < taille) return;
  }
}

/**
 * The condition of a central download: the referenced
 * establishments referenced between `startDate` and `endDate` (Europe/Paris
 * days, both included), or those of the company named `raisonSociale`
 * (compared case-, accent- and punctuation-insensitively).
 */
export function conditionTelechargement(filtres: FiltresTelechargement): SQL {
  const e = etablissements;
  if (filtres.raisonSociale !== undefined) {
    const terme = normaliserRecherche(filtres.raisonSociale);
    return and(
      eq(e.referencee, true),
      like(e.raisonSocialeRecherche, contient(terme)),
      sql`trim(${e.raisonSocialeRecherche}) = ${terme}`,
    )!;
  }
  return and(
    eq(e.referencee, true),
    sql`${e.dateCreation} >= (cast(${filtres.startDate} as date)::timestamp at time zone 'Europe/Paris')`,
    sql`${e.dateCreation} < ((cast(${filtres.endDate} as date) + 1)::timestamp at time zone 'Europe/Paris')`,
  )!;
}

/** Whether some establishment (referenced or not) belongs to a company named `raisonSociale`. */
export async function societeConnue(database: Database, raisonSociale: string): Promise<boolean> {
  const terme = normaliserRecherche(raisonSociale);
  if (!terme) return false;
  const [ligne] = await database.db
    .select({ id: etablissements.id })
    .from(etablissements)
    .where(
      and(
        like(etablissements.raisonSocialeRecherche, contient(terme)),
        sql`trim(${etablissements.raisonSocialeRecherche}) = ${terme}`,
      ),
    )
    .limit(1);
  return ligne !== undefined;
}

/**
 * `GET /api/company/names`: the company names of the establishments
 * (companies holding an approval with establishments) containing `name`,
 * accents, case and punctuation ignored, alphabetical, at most 20. An empty
 * name gives none.
 */
export async function nomsSocietes(database: Database, name: string): Promise<string[]> {
  const terme = normaliserRecherche(name);
  if (!terme) return [];
  const rows = await database.db
    .selectDistinct({ raisonSociale: etablissements.raisonSociale })
    .from(etablissements)
    .where(like(etablissements.raisonSocialeRecherche, contient(terme)))
    .orderBy(asc(etablissements.raisonSociale))
    .limit(MAX_NOMS_SOCIETES);
  return rows.map((row) => row.raisonSociale);
}

/**
 * The establishments of approval `agrementId` for the staff file page:
 * 404 unless `utilisateur` may see the approval (`chargerAgrementAccessible`);
 * referenced first, then by reference.
 */
export async function etablissementsAgrementStaff(
  database: Database,
  utilisateur: UtilisateurConnecte,
  agrementId: string,
) {
  const agrement = await chargerAgrementAccessible(database, utilisateur, agrementId);
  const rows = await database.db
    .select({
      id: etablissements.id,
      reference: etablissements.reference,
      nom: etablissements.nom,
      siret: etablissements.siret,
      codePostal: etablissements.codePostal,
      ville: etablissements.ville,
      referencee: etablissements.referencee,
      dateCreation: etablissements.dateCreation,
      dateDereferencement: etablissements.dateDereferencement,
    })
    .from(etablissements)
    .where(eq(etablissements.agrementId, agrement.id))
    .orderBy(desc(etablissements.referencee), asc(etablissements.reference));
  return rows.map((row) => ({
    ...row,
    dateCreation: row.dateCreation.toISOString(),
    dateDereferencement: row.dateDereferencement?.toISOString() ?? null,
  }));
}
