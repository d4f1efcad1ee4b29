import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  MESSAGE_AUCUN_RESULTAT,
  schemaCommentaireExport,
  schemaPeriodeTelechargement,
  schemaSocieteTelechargement,
  versDateTelechargement,
} from "#contract/schemas/etablissements-liste";
import { normaliserRecherche } from "#contract/texte";
import {
  callEndpoint,
  commenterHistoriqueExport,
  listerHistoriqueExports,
  listerNomsSocietes,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusApi, refusClient } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  FormulairePeriode,
  FormulaireSociete,
} from "~/components/etablissements/formulaires-telechargement";
import { HistoriqueExports } from "~/components/etablissements/historique-exports";
import { RequiredFieldsNotice, fieldErrorsOf } from "~/components/forms";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";
import { lirePage } from "#contract/schemas/listes";

const TITRE = "Référentiel des établissements";
/** The resource route that streams the ZIP from the API. */
const CHEMIN_ZIP = "/etablissements/reference/etablissements.zip";

/** The history page of a URL (`?page=`, from 1). */
function pageDe(url: URL): number {
  return lirePage(url.searchParams.get("page"));
}

/**
 * `/etablissements/reference` (spec §2, §6 "Admin/central: establishment
 * reference"): central roles only. The export history
 * (`GET /api/historique-export-etablissements?page=`) and, after a
 * "Rechercher" without JavaScript (`?raisonSociale=`), the companies whose
 * name contains the text (`GET /api/company/names`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "central");
  const url = new URL(request.url);
  const page = pageDe(url);
  const nom = url.searchParams.get("raisonSociale")?.trim() ?? "";
  const [historique, societes] = await Promise.all([
    callEndpoint(request, context, listerHistoriqueExports, {
      query: page > 1 ? { page: String(page) } : {},
    }),
    nom
      ? callEndpoint(request, context, listerNomsSocietes, { query: { name: nom } })
      : Promise.resolve(null),
  ]);
  return { historique, recherche: societes ? { nom, societes } : undefined };
}

type Formulaire = "periode" | "societe" | "commenter";

/** A refused form: which one, conform's result, and for a comment the entry it was for. */
function refus(formulaire: Formulaire, lastResult: SubmissionResult<string[]>, id?: number) {
  return data({ formulaire, lastResult, id }, { status: 400 });
}

/**
 * The three forms of the page (field `intent`):
 * - `periode`: `schemaPeriodeTelechargement` (both dates, end not before
 *   start, on `endDate`), then the browser is sent to the ZIP of
 *   `JJ-MM-AAAA` dates (a document redirect: the file downloads, the page
 *   stays);
 * - `societe`: the name must be one of the companies with establishments
 *   (`GET /api/company/names`, compared without case nor accents), else
 *   "Aucun résultat" on the field; then the ZIP of that company;
 * - `commenter`: `schemaCommentaireExport`, then
 *   `PATCH /api/historique-export-etablissement/{id}`; success → this page
 *   (same history page) with "Le commentaire a bien été enregistré." (spec
 *   §8 "comment updated"), 422 → the API's message on the field, 404 →
 *   an error notification.
 * Nothing typed is lost on a refusal (conform's reply keeps the values).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "central");
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "periode") {
    const submission = parseWithZod(formData, { schema: schemaPeriodeTelechargement });
    if (submission.status !== "success")
      return refus("periode", submission.reply() as SubmissionResult<string[]>);
    const params = new URLSearchParams({
      startDate: versDateTelechargement(submission.value.startDate),
      endDate: versDateTelechargement(submission.value.endDate),
    });
    return redirectDocument(`${CHEMIN_ZIP}?${params}`);
  }
  if (intent === "societe") {
    const submission = parseWithZod(formData, { schema: schemaSocieteTelechargement });
    if (submission.status !== "success")
      return refus("societe", submission.reply() as SubmissionResult<string[]>);
    const saisi = submission.value.raisonSociale;
    const noms = await callEndpoint(request, context, listerNomsSocietes, {
      query: { name: saisi },
    });
    const trouve = noms.find((nom) => normaliserRecherche(nom) === normaliserRecherche(saisi));
    if (!trouve)
      return refus(
        "societe",
        submission.reply({
          fieldErrors: { raisonSociale: [MESSAGE_AUCUN_RESULTAT] },
        }) as SubmissionResult<string[]>,
      );
    return redirectDocument(`${CHEMIN_ZIP}?${new URLSearchParams({ raisonSociale: trouve })}`);
  }
  if (intent === "commenter") {
    const id = Number(formData.get("id"));
    const submission = parseWithZod(formData, { schema: schemaCommentaireExport });
    if (submission.status !== "success")
      return refus("commenter", submission.reply() as SubmissionResult<string[]>, id);
    const retour = `${url.pathname}${url.searchParams.get("page") ? `?page=${pageDe(url)}` : ""}`;
    try {
      await callEndpoint(request, context, commenterHistoriqueExport, {
        params: { id: String(formData.get("id") ?? "") },
        body: { commentaire: submission.value.commentaire ?? "" },
        format: "form",
      });
    } catch (error) {
      const rejet = refusApi(error, refusClient);
      if (rejet.status === 422)
        return refus(
          "commenter",
          submission.reply({ fieldErrors: fieldErrorsOf(rejet.body) }) as SubmissionResult<
            string[]
          >,
          id,
        );
      return redirectWithToast(
        retour,
        {
          type: "error",
          titre: t("notification.titre.error"),
          description: "Cette entrée de l'historique n'existe plus.",
        },
        { request, context },
      );
    }
    return redirectWithToast(
      retour,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: t("notification.success.commentaireModifie"),
      },
      { request, context },
    );
  }
  throw new Response("Formulaire inconnu", { status: 400 });
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * The central download page: the two download forms side by side (by
 * period, by company), the link to the establishments list, then the
 * export history with its comment forms and pagination.
 */
export default function ReferentielEtablissements() {
  const { historique, recherche } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  const navigation = useNavigation();
  const dernier = navigation.state === "idle" ? resultat : undefined;
  const pour = (formulaire: Formulaire) =>
    dernier?.formulaire === formulaire ? dernier.lastResult : undefined;
  return (
    <div className="fr-container fr-py-6w">
      <h1>{TITRE}</h1>
      <p>
        Téléchargez la liste des établissements référencés par les opérateurs agréés, au format CSV
        dans une archive ZIP. Chaque téléchargement est inscrit dans l&apos;historique ci-dessous.
      </p>
      <p>
        <Link
          to="/etablissements/liste"
          className="fr-link fr-icon-arrow-right-line fr-link--icon-right"
        >
          Consulter la liste des établissements référencés
        </Link>
      </p>
      <section aria-labelledby="telechargement-titre">
        <h2 id="telechargement-titre">Télécharger les établissements référencés</h2>
        <RequiredFieldsNotice />
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12 fr-col-lg-6">
            <div className="fr-p-3w fr-background-alt--grey">
              <FormulairePeriode lastResult={pour("periode")} />
            </div>
          </div>
          <div className="fr-col-12 fr-col-lg-6">
            <div className="fr-p-3w fr-background-alt--grey">
              <FormulaireSociete
                key={recherche?.nom ?? ""}
                lastResult={pour("societe")}
                recherche={recherche}
              />
            </div>
          </div>
        </div>
      </section>
      <HistoriqueExports
        historique={historique}
        refus={
          dernier?.formulaire === "commenter" && dernier.id !== undefined
            ? { id: dernier.id, lastResult: dernier.lastResult }
            : undefined
        }
        lienPage={(numero) => (numero > 1 ? `?page=${numero}` : "?")}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = () => [
  { title: pageTitle(TITRE) },
  {
    name: "description",
    content:
      "Téléchargement des établissements référencés par période ou par société, et historique des téléchargements.",
  },
];
