/**
 * Loader of the staff list pages (spec §2 /tous-les-dossiers and
 * /mes-dossiers): one page of files from the API with the
 * user's token, what the filter form offers and the tabs' counts, all
 * fetched in parallel.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import {
  lireFiltresDemandes,
  versParamsDemandes,
  type FiltresDemandes,
  type Page,
} from "#contract/schemas/listes";
import {
  callEndpoint,
  listerChangementsNotables,
  listerDemandes,
  listerDepartements,
  listerIntervenants,
  listerQualites,
  listerRegions,
  listerServicesInstructeurs,
} from "~/.server/api-client.server";
import { chargerPageListe } from "~/components/listes/page-liste.server";
import { comptesOnglets } from "./comptes-onglets.server";
import { compacterOptions, type OptionsFiltresCompactes } from "./filtres-dossiers";
import {
  lienFiltres,
  ligneDossier,
  ongletDuSegment,
  type LigneDossier,
  type OngletDossiers,
} from "./liste-params";

/** What a list page renders. */
export interface DonneesListe {
  onglet: OngletDossiers;
  /** The filters as read from the page's URL (`mesDossiers` as the route decides). */
  filtres: FiltresDemandes;
  dossiers: Page<LigneDossier>;
  /** The filter form's choices, compact in the hydration data (`deplierOptions` reads them). */
  options: OptionsFiltresCompactes;
  /** The CSV download of the same filters (resource route). */
  lienExport: string;
  /** The files of each whole tab, shown on the tabs (null: not shown). */
  comptes: Readonly<Record<TypeDossier, number>> | null;
}

/** The list a route shows: its path (`/mes-dossiers`), the tab's URL segment, whose files. */
interface ListeDemandee {
  base: string;
  segment: string | undefined;
  mesDossiers: boolean;
}

/** Links of spec §2 say "changement-notable" for the notable-changes tab. */
const ALIAS_ONGLETS: Record<string, string> = { "changement-notable": "changements-notables" };

/**
 * Loader of `${base}/{segment}` (the caller has checked the role): the tab
 * of the URL segment (an alias redirects to the tab's own address, an
 * unknown segment is a 404). The filters are read through the contract
 * (`lireFiltresDemandes`), so unknown parameters are dropped; a URL that is
 * not in their canonical form (a GET form posts empty fields) redirects to
 * it ({@link chargerPageListe}), so that every address of the list is clean
 * and shareable. `mesDossiers` is the page's choice, never the URL's. Then fetches
 * `GET /api/{kind}s` with the filters, together with the filter options
 * (instructors, services, départements, régions, qualities). The API
 * applies who sees what (DESIGN §4). A page beyond the last one redirects
 * to the last one. API errors propagate (404 page, login redirect, error
 * page).
 */
async function chargerListe(
  request: Request,
  context: AppLoadContext,
  { base, segment, mesDossiers }: ListeDemandee,
): Promise<Omit<DonneesListe, "comptes">> {
  const url = new URL(request.url);
  const alias = segment ? ALIAS_ONGLETS[segment] : undefined;
  if (alias) throw redirect(`${base}/${alias}${url.search}`);
  const onglet = ongletDuSegment(segment);
  if (!onglet) throw new Response("Page non trouvée", { status: 404 });
  const { filtres, liste, choix, lienExport } = await chargerPageListe(request, {
    filtres: {
      lire: (params): FiltresDemandes => ({ ...lireFiltresDemandes(params), mesDossiers }),
      lien: lienFiltres,
      versParams: versParamsDemandes,
    },
    lister: (encodedQuery) =>
      callEndpoint(
        request,
        context,
        onglet.kind === "demande" ? listerDemandes : listerChangementsNotables,
        { encodedQuery },
      ),
    choix: () =>
      Promise.all([
        callEndpoint(request, context, listerIntervenants),
        callEndpoint(request, context, listerServicesInstructeurs),
        callEndpoint(request, context, listerDepartements),
        callEndpoint(request, context, listerRegions),
        callEndpoint(request, context, listerQualites),
      ]),
    cheminExport: `/tous-les-dossiers/${onglet.segment}/export.csv`,
  });
  const [intervenants, services, departements, regions, qualites] = choix;
  return {
    onglet,
    filtres,
    dossiers: { ...liste, result: liste.result.map(ligneDossier) },
    options: compacterOptions({
      instructeurs: intervenants.map((intervenant) => ({
        valeur: intervenant.id,
        libelle: `${intervenant.firstName} ${intervenant.lastName}`,
      })),
      services: services.map((service) => ({ valeur: String(service.id), libelle: service.nom })),
      departements: departements.map((departement) => ({
        valeur: departement.code,
        libelle: `${departement.code} – ${departement.nom}`,
      })),
      regions: regions.map((region) => ({ valeur: region.code, libelle: region.nom })),
      qualites: qualites.map((qualite) => ({ valeur: qualite.code, libelle: qualite.libelle })),
    }),
    lienExport,
  };
}

/** {@link chargerListe} with the counts of the tabs ({@link comptesOnglets}) fetched beside it. */
export async function chargerListeDossiers(
  request: Request,
  context: AppLoadContext,
  liste: ListeDemandee,
): Promise<DonneesListe> {
  const [donnees, comptes] = await Promise.all([
    chargerListe(request, context, liste),
    comptesOnglets(request, context, liste.mesDossiers),
  ]);
  return { ...donnees, comptes };
}
