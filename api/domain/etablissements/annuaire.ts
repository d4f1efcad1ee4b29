/**
 * The household directory (beyond the spec): the
 * referenced establishments whose intervention perimeter covers a commune
 * (the commune itself, its EPCI, its département or its région: spec §5
 * coverage), under an approval in force. Never an establishment
 * dereferenced (referencee false: approval withdrawn, perimeter emptied),
 * nor one of an approval suspended, withdrawn or expired (etat other than
 * en_cours: spec §4 "a suspended approval hides establishments from
 * households"). The perimeter test is one jsonpath predicate served by the
 * GIN index jsonb_path_ops of migration 0008 (see {@link couvertePar}).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Accompagnateur, ResultatAnnuaire } from "../../../contract/schemas/annuaire.ts";
import type { Database } from "../../db/client.ts";
import { agrements, communes, etablissements } from "../../db/schema.ts";
import { ecrivainCsvParLots, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnMemoire } from "../../exports/fichier.ts";
import type { Limite } from "../limites-publiques.ts";

/**
 * Per-IP limits of the directory's endpoints (ADR 0013), from the settings
 * ANNUAIRE_RATE_LIMIT_IP_MINUTE and _HOUR (defaults 60 and 600): generous
 * for a household or a page (one search is one or two calls), low enough
 * that a scraper must slow down. Counted by api/http/routes/annuaire.ts.
 */
export function limitesAnnuaire(reglages: {
  annuairePerIpMinute: number;
  annuairePerIpHour: number;
}): readonly Limite[] {
  return [
    { nom: "annuaire-ip-minute", max: reglages.annuairePerIpMinute, fenetreSecondes: 60 },
    { nom: "annuaire-ip-heure", max: reglages.annuairePerIpHour, fenetreSecondes: 3600 },
  ];
}

/** Most rows of the CSV (a commune is covered by a few hundred establishments at the scale dataset). */
const CSV_MAX = 10_000;

/** A commune as the directory needs it: where it lies. */
export interface CommuneAnnuaire {
  code: string;
  nom: string;
  codeDepartement: string;
  codeRegion: string;
  codeEpci: string | null;
}

/** The commune of INSEE code `code`, or null when unknown. */
export async function communeAnnuaire(
  database: Database,
  code: string,
): Promise<CommuneAnnuaire | null> {
  const [commune] = await database.db
    .select({
      code: communes.code,
      nom: communes.nom,
      codeDepartement: communes.codeDepartement,
      codeRegion: communes.codeRegion,
      codeEpci: communes.codeEpci,
    })
    .from(communes)
    .where(eq(communes.code, code));
  return commune ?? null;
}

/**
 * `perimetre @@ '$.communes[*] == "…" || $.departements[*] == "…" || …'`:
 * whether the perimeter names the commune, its département, its région or
 * its EPCI. One jsonpath predicate with `||` is one lookup of the GIN index
 * jsonb_path_ops; four `@>` OR-ed led the planner to a sequential scan at
 * 50,000 rows (80 ms against 10 ms, EXPLAIN ANALYZE on PostgreSQL). The
 * codes come from the geography table; JSON string literals are jsonpath
 * ones, and the whole path is a bound parameter.
 */
function couvertePar(commune: CommuneAnnuaire): SQL {
  const zones: [string, string | null][] = [
    ["communes", commune.code],
    ["departements", commune.codeDepartement],
    ["regions", commune.codeRegion],
    ["epcis", commune.codeEpci],
  ];
  const chemin = zones
    .filter((zone): zone is [string, string] => Boolean(zone[1]))
    .map(([niveau, code]) => `$.${niveau}[*] == ${JSON.stringify(code)}`)
    .join(" || ");
  return sql`${etablissements.perimetre} @@ ${chemin}::jsonpath`;
}

/** The conditions every directory row meets for `commune` (see the module's comment). */
function visiblesPour(commune: CommuneAnnuaire): SQL {
  return and(
    eq(etablissements.referencee, true),
    eq(agrements.etat, "en_cours"),
    couvertePar(commune),
  )!;
}

const nomAffiche = sql<string>`coalesce(nullif(${etablissements.nomMar}, ''), ${etablissements.nom})`;

const colonnes = {
  id: etablissements.id,
  nom: nomAffiche,
  raisonSociale: etablissements.raisonSociale,
  siret: etablissements.siret,
  adresse1: etablissements.adresse1,
  adresse2: etablissements.adresse2,
  codePostal: etablissements.codePostal,
  ville: etablissements.ville,
  tel: etablissements.tel,
  email: etablissements.email,
  siteInternet: etablissements.siteInternet,
  numeroAgrement: agrements.numeroAgrement,
};

/** Rows of the directory for `commune`, by displayed name then id, `limite` from `decalage`. */
function lignes(database: Database, commune: CommuneAnnuaire, limite: number, decalage = 0) {
  return database.db
    .select(colonnes)
    .from(etablissements)
    .innerJoin(agrements, eq(agrements.id, etablissements.agrementId))
    .where(visiblesPour(commune))
    .orderBy(asc(nomAffiche), asc(etablissements.id))
    .limit(limite)
    .offset(decalage);
}

/**
 * Page `page` (from 1, `parPage` rows) of the establishments serving
 * `commune`, with their total.
 */
export async function pageAnnuaire(
  database: Database,
  commune: CommuneAnnuaire,
  page: number,
  parPage: number,
): Promise<ResultatAnnuaire> {
  const [{ total }] = await database.db
    .select({ total: sql<number>`count(*)::int` })
    .from(etablissements)
    .innerJoin(agrements, eq(agrements.id, etablissements.agrementId))
    .where(visiblesPour(commune));
  const rows: Accompagnateur[] = await lignes(database, commune, parPage, (page - 1) * parPage);
  return {
    commune: { code: commune.code, nom: commune.nom, codeDepartement: commune.codeDepartement },
    total,
    page,
    parPage,
    etablissements: rows,
  };
}

/** Columns of the CSV (French headers, the page's order). */
const COLONNES: readonly ColonneCsv<Accompagnateur>[] = [
  { entete: "Nom", valeur: (e) => e.nom },
  { entete: "Raison sociale", valeur: (e) => e.raisonSociale },
  { entete: "SIRET", valeur: (e) => e.siret },
  { entete: "Adresse", valeur: (e) => e.adresse1 },
  { entete: "Complément d'adresse", valeur: (e) => e.adresse2 },
  { entete: "Code postal", valeur: (e) => e.codePostal },
  { entete: "Ville", valeur: (e) => e.ville },
  { entete: "Téléphone", valeur: (e) => e.tel },
  { entete: "Courriel", valeur: (e) => e.email },
  { entete: "Site internet", valeur: (e) => e.siteInternet },
  { entete: "Numéro d'agrément", valeur: (e) => e.numeroAgrement },
];

/**
 * The directory's CSV of `commune`: every establishment serving it (at most
 * {@link CSV_MAX}), by name, as accompagnateurs-<code>.csv (`;`, UTF-8
 * BOM, CRLF), whole in memory: a few hundred rows at the scale dataset.
 */
export async function fichierAnnuaire(
  database: Database,
  commune: CommuneAnnuaire,
): Promise<FichierEnMemoire> {
  const rows = await lignes(database, commune, CSV_MAX);
  return {
    nomFichier: `accompagnateurs-${commune.code}.csv`,
    typeMime: TYPE_CSV,
    contenu: ecrivainCsvParLots(COLONNES)(rows),
  };
}
