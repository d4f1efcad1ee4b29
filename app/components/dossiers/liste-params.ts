/**
 * The addresses of the staff list pages (spec §2 /tous-les-dossiers,
 * /mes-dossiers): which tab shows which kind of file,
 * the links that change one thing of the current filters (sort, page,
 * quick filter). Pure functions,
 * shared by loaders and components.
 */
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import { versParamsDemandes, type FiltresDemandes } from "#contract/schemas/listes";

/** What a row of a staff list shows of a file (the rest stays on the server). */
export type LigneDossier = Pick<
  DemandeResume,
  | "id"
  | "numeroDossier"
  | "raisonSociale"
  | "siren"
  | "codeDepartement"
  | "qualite"
  | "typeChangement"
  | "etat"
  | "etatNormalise"
  | "etapeInstruction"
  | "instructeur"
  | "dateDepot"
  | "dateLimiteInstruction"
  | "reputeRejete"
  | "expireBientot"
  | "delaiSuspendu"
>;

/** The row of `dossier`: only the fields the table shows. */
export function ligneDossier(dossier: DemandeResume): LigneDossier {
  return {
    id: dossier.id,
    numeroDossier: dossier.numeroDossier,
    raisonSociale: dossier.raisonSociale,
    siren: dossier.siren,
    codeDepartement: dossier.codeDepartement,
    qualite: dossier.qualite,
    typeChangement: dossier.typeChangement,
    etat: dossier.etat,
    etatNormalise: dossier.etatNormalise,
    etapeInstruction: dossier.etapeInstruction,
    instructeur: dossier.instructeur,
    dateDepot: dossier.dateDepot,
    dateLimiteInstruction: dossier.dateLimiteInstruction,
    reputeRejete: dossier.reputeRejete,
    expireBientot: dossier.expireBientot,
    delaiSuspendu: dossier.delaiSuspendu,
  };
}

/** The two tabs of a list page, by URL segment. */
export const ONGLETS_DOSSIERS = [
  { segment: "demande", kind: "demande", libelle: "Demandes d'agrément" },
  { segment: "changements-notables", kind: "changement-notable", libelle: "Changements notables" },
] as const satisfies readonly { segment: string; kind: TypeDossier; libelle: string }[];

export type OngletDossiers = (typeof ONGLETS_DOSSIERS)[number];
export type SegmentOnglet = OngletDossiers["segment"];

/** The tab of a URL segment ("demande", "changements-notables"), or undefined. */
export function ongletDuSegment(segment: string | undefined): OngletDossiers | undefined {
  return ONGLETS_DOSSIERS.find((onglet) => onglet.segment === segment);
}

/**
 * The API list of a kind of file (spec §7): `/api/demandes`,
 * `/api/changement-notables`.
 */
export function cheminListeApi(kind: TypeDossier): string {
  return `/api/${kind}s`;
}

/**
 * The API export of a kind of file (spec §7): `/api/demandes/export`,
 * `/api/changement-notable/export`.
 */
export function cheminExportApi(kind: TypeDossier): string {
  return kind === "demande" ? "/api/demandes/export" : "/api/changement-notable/export";
}

/** The staff detail page of one file (built by the file-detail screen). */
export function lienDetailDossier(kind: TypeDossier, id: string): string {
  return `/dossier/${kind}/${encodeURIComponent(id)}`;
}

/**
 * A link to the same list with `remplace` applied to `filtres`, as a
 * search string ("?…", or "?" alone for the defaults so that the link still
 * points at this page without any filter). Filters that only the route
 * decides (`mesDossiers`) never travel in the page's own links.
 */
export function lienFiltres(
  filtres: Partial<FiltresDemandes>,
  remplace: Partial<FiltresDemandes> = {},
): string {
  return `?${versParamsDemandes({ ...filtres, mesDossiers: false }, remplace).toString()}`;
}

/** "1 dossier", "3 dossiers" (spec: the number of results of the list). */
export function nombreDossiers(nombre: number): string {
  return `${nombre.toLocaleString("fr-FR")} dossier${nombre > 1 ? "s" : ""}`;
}

/**
 * Whether the visitor searched or filtered (a query or any filter value;
 * page and sort aside): an empty list then says "Aucun dossier ne
 * correspond à votre recherche", and otherwise why it is empty.
 */
export function rechercheActive(filtres: FiltresDemandes): boolean {
  return (
    Boolean(filtres.query) ||
    filtres.reputesRejetes ||
    filtres.expireBientot ||
    [
      filtres.instructeur,
      filtres.servicesInstructeur,
      filtres.etat,
      filtres.etape,
      filtres.quality,
      filtres.type,
      filtres.departement,
      filtres.region,
    ].some((valeurs) => valeurs.length > 0)
  );
}

/**
 * The breadcrumb entries above a staff file page: the
 * list of its kind ("Tous les dossiers", its tab), then, for a page below
 * the file (an action), the file itself (`dossier`: its title and id).
 */
export function parentsFilAriane(
  kind: TypeDossier,
  dossier?: { id: string; titre: string },
): { label: string; href: string }[] {
  const onglet = ONGLETS_DOSSIERS.find((candidat) => candidat.kind === kind) ?? ONGLETS_DOSSIERS[0];
  return [
    { label: "Tous les dossiers", href: `/tous-les-dossiers/${onglet.segment}` },
    ...(dossier ? [{ label: dossier.titre, href: lienDetailDossier(kind, dossier.id) }] : []),
  ];
}
