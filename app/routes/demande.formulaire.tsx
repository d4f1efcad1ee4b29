import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { commentaireRetourEdition } from "~/components/demande/complement/complement";
import { VueEtapeActivites } from "~/components/demande/formulaire/etape-activites";
import {
  chargerEtapeActivites,
  enregistrerEtapeActivites,
} from "~/components/demande/formulaire/etape-activites.server";
import { VueEtapeRecapitulatif } from "~/components/demande/formulaire/etape-recapitulatif";
import { URL_NOUVELLE_EXTENSION } from "~/components/changement-notable/extension";
import { EtapePieces } from "~/components/dossier/etape-pieces";
import {
  chargerEtapePieces,
  enregistrerEtapePieces,
} from "~/components/dossier/etape-pieces.server";
import {
  chargerEtapeRecapitulatif,
  deposerDemande,
} from "~/components/demande/formulaire/etape-recapitulatif.server";
import {
  INTENT_COMMUNES_CODE_POSTAL,
  VueEtapeStructure,
} from "~/components/demande/formulaire/etape-structure";
import {
  chargerEtapeStructure,
  chargerNouvelleDemande,
  enregistrerEtapeStructure,
} from "~/components/demande/formulaire/etape-structure.server";
import {
  UUID,
  chargerDemandeModifiable,
  etapeDeReprise,
  pageNonTrouvee,
} from "~/components/demande/formulaire/formulaire.server";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
} from "~/components/demande/formulaire/perimetre";
import { FORMULAIRE_DEMANDE } from "~/components/demande/formulaire/formulaire-demande";
import { CreationImpossible, PageFormulaire } from "~/components/dossier/formulaire-etapes";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { pageTitle } from "~/utils/title";

/**
 * `/demande/formulaire?id=<uuid>&etape=<1..4>` (spec §2 request form in 4
 * steps; DESIGN §6 one URL per step), applicants only. Without id: a new
 * request at step 1 if `can/deposernouvelledemande` allows it, else the
 * reason. With id: the request (404 if unknown or another company's; a
 * request no longer in draft goes to its recap) and what the step needs,
 * loaded by that step's module; without `etape`, the first step not
 * complete (where a draft resumes). `demandeType` (spec §2, optional)
 * chooses the type of file: `demande` (the default) is this form,
 * `changement-notable` redirects to the notable change's form (the same
 * `id`, or a new one); any other value is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  const demandeType = url.searchParams.get("demandeType") ?? "demande";
  if (demandeType === "changement-notable")
    throw redirect(
      id ? DESCRIPTIONS_DOSSIER[demandeType].formulaire.url(id) : URL_NOUVELLE_EXTENSION,
    );
  if (demandeType !== "demande") throw pageNonTrouvee();
  if (!id) return chargerNouvelleDemande(request, context);
  if (!UUID.test(id)) throw pageNonTrouvee();
  const demande = await chargerDemandeModifiable(request, context, id);
  const etape = FORMULAIRE_DEMANDE.lire(url.searchParams.get("etape"));
  if (!etape)
    throw redirect(FORMULAIRE_DEMANDE.url(id, await etapeDeReprise(request, context, id)));
  switch (etape) {
    case 1:
      return chargerEtapeStructure(request, context, demande);
    case 2:
      return chargerEtapeActivites(request, context, demande);
    case 3:
      return { ...(await chargerEtapePieces(request, context, "demande", demande.id)), demande };
    case 4:
      return chargerEtapeRecapitulatif(request, context, demande);
  }
}

export const handle: BreadcrumbHandle = { breadcrumb: "Demande d'agrément" };

/**
 * Posts of the form, handed to the module of the step in the URL (`etape`;
 * step 1 without id or step). Applicants only; an id that is not a UUID is
 * a 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (id !== null && !UUID.test(id)) throw pageNonTrouvee();
  if (!id) return enregistrerEtapeStructure(request, context, null);
  switch (FORMULAIRE_DEMANDE.lire(url.searchParams.get("etape")) ?? 1) {
    case 1:
      return enregistrerEtapeStructure(request, context, id);
    case 2:
      return enregistrerEtapeActivites(request, context, id);
    case 3:
      return enregistrerEtapePieces(
        request,
        context,
        "demande",
        id,
        url.searchParams.get("rubrique") ?? "",
      );
    case 4:
      return deposerDemande(request, context, id);
  }
}

/** Searches re-render the posted form: the loaders' data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get("intent");
  if (
    intent === INTENT_COMMUNES_CODE_POSTAL ||
    intent === INTENT_RECHERCHE_EPCIS ||
    intent === INTENT_RECHERCHE_COMMUNES
  )
    return false;
  return defaultShouldRevalidate;
};

/**
 * The form's page: title, DSFR stepper and the current step's form (or why
 * no new request can be started), fed by the loader and, after a refused
 * post or a search without JavaScript, by the action's answer for that step.
 */
export default function FormulaireDemande() {
  const donnees = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>() ?? null;
  if (donnees.vue === "creationImpossible")
    return <CreationImpossible formulaire={FORMULAIRE_DEMANDE} raison={donnees.raison} />;
  const { demande } = donnees;
  return (
    <PageFormulaire
      formulaire={FORMULAIRE_DEMANDE}
      etape={donnees.etape}
      retourEdition={
        demande?.etat === "en_edition"
          ? { commentaire: commentaireRetourEdition(demande.infosComplementaires) }
          : null
      }
    >
      {donnees.vue === "etape1" ? (
        <VueEtapeStructure
          donnees={donnees}
          resultat={resultat?.vue === "etape1" ? resultat : null}
        />
      ) : null}
      {donnees.vue === "etape2" ? (
        <VueEtapeActivites
          donnees={donnees}
          resultat={resultat?.vue === "etape2" ? resultat : null}
        />
      ) : null}
      {donnees.vue === "etape3" ? (
        <EtapePieces
          type="demande"
          donnees={donnees}
          resultat={resultat?.vue === "etape3" ? resultat : null}
        />
      ) : null}
      {donnees.vue === "etape4" ? (
        <VueEtapeRecapitulatif
          donnees={donnees}
          resultat={resultat?.vue === "etape4" ? resultat : null}
        />
      ) : null}
    </PageFormulaire>
  );
}

/**
 * Each step has its own title (RGAA 8.6): "Étape 2 sur 4 –
 * Activités de la structure – Demande d'agrément | Mon Accompagnateur
 * Rénov' – Agréments" (spec §1 "{page} | {default title}"); "Demande
 * d'agrément" alone when no request can be started.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const etape = data && "etape" in data ? data.etape : null;
  return [
    { title: pageTitle(etape ? FORMULAIRE_DEMANDE.titrePage(etape) : FORMULAIRE_DEMANDE.titre) },
  ];
};
