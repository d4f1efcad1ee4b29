import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listerBandeauxAdministres } from "~/.server/administration.server";
import { callEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import {
  creerBandeauSaisi,
  retirerBandeauSaisi,
} from "~/components/administration/bandeaux.server";
import { NouveauBandeau } from "~/components/administration/formulaire-bandeau";
import { ListeBandeaux } from "~/components/administration/liste-bandeaux";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { pageTitle } from "~/utils/title";

const TITRE = "Bandeaux d'information";

/** Every banner of the portal with its status (GET /api/administration/bandeaux), admin_fonctionnel only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  return { bandeaux: await callEndpoint(request, context, listerBandeauxAdministres) };
}

/**
 * Two forms (`intent`): `creer` checks the new banner with the API's own
 * rules (`schemaNouveauBandeau`: message required, file type of an `info`
 * banner, Paris times, end after start), then POST
 * /api/administration/bandeaux; `retirer` POST
 * /api/administration/bandeaux/{bandeauId}/retrait. After a change the
 * process's banner cache is emptied (`viderCacheBandeaux`): the admin sees
 * it on his next page. Post/Redirect/Get with a notification; a refusal
 * keeps what was typed and shows the API's messages on their fields.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const formData = await request.formData();
  return formData.get("intent") === "retirer"
    ? retirerBandeauSaisi(request, context, formData)
    : creerBandeauSaisi(request, context, formData);
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * `/administration/bandeaux` (spec §3 Information
 * banner): the form of a new banner (scheduled by Paris start and end
 * times) and the list of every banner with its status and a "Retirer"
 * button. Plain forms: works without JavaScript.
 */
export default function AdministrationBandeaux() {
  const { bandeaux } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Les bandeaux généraux s'affichent en haut de toutes les pages des utilisateurs connectés ;
        les bandeaux d'information, sur les pages des dossiers du type choisi. Les dates sont en
        heure de Paris.
      </p>
      {/* Remounted (emptied) once a banner is added: a client-side Post/Redirect/Get keeps the fields otherwise. */}
      <NouveauBandeau key={bandeaux.length} />
      {bandeaux.length === 0 ? (
        <p className="fr-mt-6w">Aucun bandeau n'a encore été créé.</p>
      ) : (
        <ListeBandeaux bandeaux={bandeaux} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
