import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  LIBELLE_ANALYSE_EN_COURS,
  MESSAGE_ANALYSE_EN_COURS,
  MESSAGE_FICHIER_INFECTE,
} from "#contract/antivirus";
import { requireUser } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { pageTitle } from "~/utils/title";

const TITRE_INFECTE = "Fichier bloqué par l'antivirus";

export const handle: BreadcrumbHandle = { breadcrumb: "Fichier indisponible" };

/**
 * `/piece-jointe/{id}/analyse` (ADR 0030): where `/piece-jointe/{id}`
 * sends a signed-in user whose file the API refused with 409, because the
 * antivirus has not found it clean yet (`?raison=infecte`: it found a
 * virus). Answers 409 with the API's French explanation; pages list such
 * files without a link, so only a link kept from before lands here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const infecte = new URL(request.url).searchParams.get("raison") === "infecte";
  return json({ infecte }, { status: 409, headers: infecte ? {} : { "Retry-After": "60" } });
}

export default function AnalyseAntivirusPage() {
  const { infecte } = useLoaderData<typeof loader>();
  return (
    <ContentPage title={infecte ? TITRE_INFECTE : LIBELLE_ANALYSE_EN_COURS}>
      <div
        className={`fr-alert fr-mb-4w ${infecte ? "fr-alert--error" : "fr-alert--info"}`}
        role="status"
      >
        <p>{infecte ? MESSAGE_FICHIER_INFECTE : MESSAGE_ANALYSE_EN_COURS}</p>
      </div>
      <Link className="fr-btn fr-btn--secondary" to="/">
        Revenir à l'accueil
      </Link>
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.infecte ? TITRE_INFECTE : LIBELLE_ANALYSE_EN_COURS) },
];
