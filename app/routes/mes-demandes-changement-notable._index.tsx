import { Button } from "@codegouvfr/react-dsfr/Button";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb-segments";
import { URL_NOUVELLE_EXTENSION } from "~/components/changement-notable/extension";
import {
  agrementDuDemandeur,
  drapeauExtensionActif,
  mesChangements,
  peutCreerExtension,
} from "~/components/changement-notable/extension.server";
import { CarteDossier } from "~/components/dossier/carte-dossier";
import { pageTitle } from "~/utils/title";

const TITRE = "Mes demandes de changement notable";

/**
 * `/mes-demandes-changement-notable` (spec §2), applicants only: the
 * company's notable changes (`GET /api/changement-notables/mes-changements-notables`,
 * the one in progress first) and whether a new extension may be requested
 * — the flag `creation_extension_perimetre` on (`GET /api/feature-flipping/list`)
 * and CREER_EXTENSION_PERIMETRE among the approval's `actionsDisponibles`
 * (`GET /api/agrement/mon-agrement`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const [changements, drapeau, agrement] = await Promise.all([
    mesChangements(request, context),
    drapeauExtensionActif(request, context),
    agrementDuDemandeur(request, context),
  ]);
  return { changements, peutCreer: drapeau && peutCreerExtension(agrement) };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * The applicant's notable changes as cards (spec §2 "Application card"),
 * "Aucune demande de changement notable" when there is none, and the
 * "Nouvelle demande de changement notable" link (`type=extension perimetre`)
 * only when a new one may be requested.
 */
export default function MesDemandesChangementNotable() {
  const { changements, peutCreer } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Une demande de changement notable permet d'étendre le périmètre d'intervention de votre
        agrément à de nouveaux territoires. Elle est instruite par la délégation locale de l'Anah.
      </p>
      {peutCreer ? (
        <Button
          className="fr-mb-4w"
          linkProps={{ to: URL_NOUVELLE_EXTENSION }}
          iconId="fr-icon-add-line"
        >
          Nouvelle demande de changement notable
        </Button>
      ) : null}
      <h2 className="fr-h4">Mes demandes</h2>
      {changements.length === 0 ? <p>Aucune demande de changement notable</p> : null}
      {changements.map((changement) => (
        <CarteDossier key={changement.id} type="changement-notable" demande={changement} />
      ))}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
