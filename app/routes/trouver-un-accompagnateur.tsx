import { parseWithZod } from "@conform-to/zod";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  MESSAGES_ANNUAIRE,
  rechercheAnnuaireSchema,
  type ResultatAnnuaire,
} from "#contract/schemas/annuaire";
import type { TropDeDemandes } from "#contract/schemas/candidat";
import type { Commune } from "#contract/schemas/geographie";
import { normaliserRecherche } from "#contract/texte";
import {
  callEndpoint,
  rechercherAccompagnateurs,
  rechercherCommunes,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
import { ChoixCommune } from "~/components/annuaire/choix-commune";
import { ANNUAIRE_PATH, RechercheCommune } from "~/components/annuaire/recherche-commune";
import { ResultatsAnnuaire } from "~/components/annuaire/resultats-annuaire";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { formulaireRefuse, titreErreur } from "~/components/forms";
import { pageTitle } from "~/utils/title";
import { lirePage } from "#contract/schemas/listes";

const TITLE = "Trouver un Accompagnateur Rénov'";

export const handle: BreadcrumbHandle = { breadcrumb: "Trouver un accompagnateur" };

/** What the page shows: the search alone, a choice of communes, or the establishments of one. */
type Vue =
  | { vue: "recherche"; recherche: string; lastResult: SubmissionResult<string[]> | null }
  | {
      vue: "choix";
      recherche: string;
      communes: Commune[];
      lastResult: SubmissionResult<string[]> | null;
    }
  | { vue: "resultats"; recherche: string; resultat: ResultatAnnuaire };

/** The page's answer with the search refused: `message` under the search field. */
function refus(recherche: string, message: string, status = 400) {
  const lastResult: SubmissionResult<string[]> = {
    status: "error",
    initialValue: { recherche },
    error: { recherche: [message] },
  };
  return data<Vue>({ vue: "recherche", recherche, lastResult }, { status });
}

/**
 * `/trouver-un-accompagnateur?recherche=…&codeCommune=…&page=…` (public):
 * without parameters the search form; with `recherche`, a
 * postal code (5 digits) or the start of a commune's name, the communes
 * found through GET /api/communes/filter: none → a message on the field,
 * one (or one with exactly that name) → its establishments, several → the
 * choice; with `codeCommune` the establishments of that commune (GET
 * /api/public/etablissements, 20 a page). Refusals answer 400 with the
 * message on the field (422 of the API included), too many searches 429.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const recherche = (params.get("recherche") ?? "").trim();
  const codeCommune = (params.get("codeCommune") ?? "").trim();
  const page = lirePage(params.get("page"));
  if (!params.has("recherche") && !codeCommune)
    return data<Vue>({ vue: "recherche", recherche: "", lastResult: null });

  try {
    if (codeCommune) return data<Vue>(await resultats(recherche, codeCommune, page));
    const submission = parseWithZod(params, { schema: rechercheAnnuaireSchema });
    if (submission.status !== "success")
      return data<Vue>(
        { vue: "recherche", recherche, lastResult: submission.reply() },
        { status: 400 },
      );
    const saisie = submission.value.recherche;
    const codePostal = saisie.replace(/\s/g, "");
    const parCodePostal = /^\d{5}$/.test(codePostal);
    const communes = await callEndpoint(request, context, rechercherCommunes, {
      query: parCodePostal
        ? { query: codePostal, codePostal, limit: "50" }
        : { query: saisie, limit: "20" },
    });
    if (communes.length === 0) return refus(recherche, MESSAGES_ANNUAIRE.aucuneCommune(saisie));
    const exactes = communes.filter(
      (commune) => normaliserRecherche(commune.nom) === normaliserRecherche(saisie),
    );
    const choisie =
      communes.length === 1 ? communes[0] : exactes.length === 1 ? exactes[0] : undefined;
    if (choisie) return data<Vue>(await resultats(recherche, choisie.code, page));
    // Sent back without a commune ticked (the browser's check skipped): say so on the choice.
    const lastResult: SubmissionResult<string[]> | null = params.has("choix")
      ? {
          status: "error",
          initialValue: {},
          error: { codeCommune: [MESSAGES_ANNUAIRE.communeRequise] },
        }
      : null;
    return data<Vue>(
      { vue: "choix", recherche, communes, lastResult },
      { status: lastResult ? 400 : 200 },
    );
  } catch (error) {
    const rejet = refusApi(error, [422, 429]);
    if (rejet.status === 429) return refus(recherche, (rejet.body as TropDeDemandes).message, 429);
    const corps = rejet.body as { detail?: string; errors?: Record<string, string[]> } | null;
    const message = corps?.errors?.codeCommune?.[0] ?? corps?.errors?.query?.[0] ?? corps?.detail;
    return refus(recherche, message ?? MESSAGES_ANNUAIRE.communeRequise);
  }

  /** The establishments of commune `code`, page `page`. */
  async function resultats(saisie: string, code: string, numero: number): Promise<Vue> {
    const resultat = await callEndpoint(request, context, rechercherAccompagnateurs, {
      query: { codeCommune: code, page: String(numero) },
    });
    return { vue: "resultats", recherche: saisie, resultat };
  }
}

/** `?recherche=…&codeCommune=…&page=…` of the page. */
function lienAnnuaire(recherche: string, codeCommune: string, page: number): string {
  const params = new URLSearchParams({ recherche, codeCommune });
  if (page > 1) params.set("page", String(page));
  return `${ANNUAIRE_PATH}?${params}`;
}

/**
 * `/trouver-un-accompagnateur` (beyond the spec): a
 * household finds the Accompagnateurs Rénov' referenced for its commune,
 * without signing in. Never an establishment of a suspended or withdrawn
 * approval (the API filters them).
 */
export default function TrouverUnAccompagnateur() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-lg-10">
          <h1>{TITLE}</h1>
          <p className="fr-text--lead">
            Les Accompagnateurs Rénov' agréés par l'Anah vous guident dans votre projet de
            rénovation énergétique, du diagnostic aux travaux. Indiquez votre commune pour connaître
            ceux qui interviennent chez vous.
          </p>
          <RechercheCommune
            key={`${page.recherche}|${page.vue === "resultats" ? page.resultat.commune.code : ""}`}
            recherche={page.recherche}
            lastResult={page.vue === "recherche" ? page.lastResult : null}
          />
        </div>
      </div>
      {page.vue === "choix" ? (
        <div className="fr-grid-row fr-mt-4w">
          <div className="fr-col-12 fr-col-lg-10">
            <ChoixCommune
              recherche={page.recherche}
              communes={page.communes}
              lastResult={page.lastResult}
            />
          </div>
        </div>
      ) : null}
      {page.vue === "resultats" ? (
        <ResultatsAnnuaire
          resultat={page.resultat}
          lienPage={(numero) => lienAnnuaire(page.recherche, page.resultat.commune.code, numero)}
          lienCsv={`/api/public/etablissements.csv?codeCommune=${encodeURIComponent(page.resultat.commune.code)}`}
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  {
    title: formulaireRefuse(page && "lastResult" in page ? page.lastResult : null)
      ? titreErreur(pageTitle(TITLE))
      : pageTitle(TITLE),
  },
  {
    name: "description",
    content:
      "Trouvez les Accompagnateurs Rénov' agréés par l'Anah qui interviennent dans votre commune.",
  },
];
