import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FEATURE_FLAGS, type FeatureFlag } from "#contract/schemas/reference";
import {
  basculerFonctionnalite,
  listerFonctionnalitesAdministrees,
} from "~/.server/administration.server";
import { callEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITRE = "Fonctionnalités";
/** This page: where Post/Redirect/Get comes back. */
const ADRESSE = "/administration/fonctionnalites";

/** What each flag opens (spec §6), said under its name. */
const EFFETS: Record<FeatureFlag, string> = {
  creation_demande:
    "Désactivée, aucun demandeur ne peut commencer une nouvelle demande d'agrément ; les demandes en cours ne changent pas.",
  creation_extension_perimetre:
    "Désactivée, aucun titulaire d'agrément ne peut commencer une demande d'extension de son périmètre d'intervention.",
};

/** The feature flags and their state (GET /api/administration/fonctionnalites), admin_fonctionnel only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  return {
    fonctionnalites: await callEndpoint(request, context, listerFonctionnalitesAdministrees),
  };
}

/**
 * Switches one flag: fields `fonctionnalite` (a name of FEATURE_FLAGS,
 * else 400) and `active` ("true" / "false"), PUT
 * /api/administration/fonctionnalites/{fonctionnalite} (the API writes the
 * history row), then Post/Redirect/Get with a notification.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const formData = await request.formData();
  const nom = FEATURE_FLAGS.find((flag) => flag === formData.get("fonctionnalite"));
  const active = formData.get("active");
  if (!nom || (active !== "true" && active !== "false"))
    throw new Response("Fonctionnalité ou état inconnu", { status: 400 });
  const resultat = await callEndpoint(request, context, basculerFonctionnalite, {
    params: { fonctionnalite: nom },
    body: { active },
    format: "form",
  });
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: `${resultat.libelle} : ${resultat.active ? "activée" : "désactivée"}.`,
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * `/administration/fonctionnalites` (spec §6 feature
 * flags): each flag with its state and a button that switches it (a plain
 * form: works without JavaScript).
 */
export default function AdministrationFonctionnalites() {
  const { fonctionnalites } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Ces interrupteurs ouvrent ou ferment des parcours du portail pour tous les utilisateurs.
        Chaque changement est enregistré dans l'historique.
      </p>
      <ul className="fr-raw-list">
        {fonctionnalites.map((fonctionnalite) => (
          <li key={fonctionnalite.nom} className="fr-mb-3w">
            <div className="fr-card fr-card--no-arrow">
              <div className="fr-card__body">
                <div className="fr-card__content">
                  <h2 className="fr-card__title">{fonctionnalite.libelle}</h2>
                  <p className="fr-card__desc">{EFFETS[fonctionnalite.nom]}</p>
                  <div className="fr-card__start">
                    <p
                      className={`fr-badge fr-badge--no-icon ${
                        fonctionnalite.active ? "fr-badge--success" : "fr-badge--grey"
                      }`}
                    >
                      {fonctionnalite.active ? "Activée" : "Désactivée"}
                    </p>
                  </div>
                </div>
                <div className="fr-card__footer">
                  <Form method="post">
                    <input type="hidden" name="fonctionnalite" value={fonctionnalite.nom} />
                    <input
                      type="hidden"
                      name="active"
                      value={fonctionnalite.active ? "false" : "true"}
                    />
                    <button
                      type="submit"
                      className={fonctionnalite.active ? "fr-btn fr-btn--secondary" : "fr-btn"}
                    >
                      {fonctionnalite.active ? "Désactiver" : "Activer"}
                      <span className="fr-sr-only"> : {fonctionnalite.libelle}</span>
                    </button>
                  </Form>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
