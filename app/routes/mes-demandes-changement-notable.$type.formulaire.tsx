import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import { BREADCRUMB_PARENTS_KEY, type BreadcrumbHandle } from "~/components/breadcrumb-segments";
import { VueEtapeEffectifs } from "~/components/changement-notable/etape-effectifs";
import {
  chargerEtapeEffectifs,
  enregistrerEtapeEffectifs,
} from "~/components/changement-notable/etape-effectifs.server";
import { VueEtapePerimetre } from "~/components/changement-notable/etape-perimetre";
import {
  chargerEtapePerimetre,
  enregistrerEtapePerimetre,
} from "~/components/changement-notable/etape-perimetre.server";
import { EtapePieces } from "~/components/dossier/etape-pieces";
import {
  chargerEtapePieces,
  enregistrerEtapePieces,
} from "~/components/dossier/etape-pieces.server";
import {
  FORMULAIRE_EXTENSION,
  TYPE_EXTENSION,
  URL_MES_CHANGEMENTS,
} from "~/components/changement-notable/extension";
import {
  agrementDuDemandeur,
  exigerDrapeauExtension,
  lireChangementModifiable,
  peutCreerExtension,
  procedureChangement,
} from "~/components/changement-notable/extension.server";
import { CreationImpossible, PageFormulaire } from "~/components/dossier/formulaire-etapes";
import { commentaireRetourEdition } from "~/components/demande/complement/complement";
import { UUID, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
} from "~/components/demande/formulaire/perimetre";
import { pageTitle } from "~/utils/title";

/** The page above the form in the breadcrumb. */
const PARENTS = [{ label: "Mes demandes de changement notable", href: URL_MES_CHANGEMENTS }];

/**
 * `/mes-demandes-changement-notable/{type}/formulaire?id=<uuid>&etape=<1..3>`
 * (spec §2 perimeter extension in 3 steps; DESIGN §6 one URL per step),
 * applicants only, behind the flag `creation_extension_perimetre` (off:
 * 404); `type` is `extension-perimetre` (else 404). Without
 * id: step 1 of a new extension when the approval offers
 * CREER_EXTENSION_PERIMETRE, else why not. With id: the extension (404 if
 * unknown or another company's; one no longer editable goes to its recap)
 * and what the step needs; without `etape`, the first step not complete.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  if (params.type !== TYPE_EXTENSION) throw pageNonTrouvee();
  await exigerDrapeauExtension(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (!id) {
    const agrement = await agrementDuDemandeur(request, context);
    if (!peutCreerExtension(agrement))
      return {
        vue: "creationImpossible" as const,
        raison: agrement
          ? "Votre structure a déjà une demande de changement notable en cours, ou son agrément ne permet pas d'en déposer une pour le moment."
          : "Votre structure n'a pas d'agrément en cours : une demande d'extension ne peut porter que sur un agrément en cours.",
        [BREADCRUMB_PARENTS_KEY]: PARENTS,
      };
    return {
      ...(await chargerEtapePerimetre(request, context, null)),
      retourEdition: null,
      [BREADCRUMB_PARENTS_KEY]: PARENTS,
    };
  }
  if (!UUID.test(id)) throw pageNonTrouvee();
  const demande = await lireChangementModifiable(request, context, id);
  const etape = FORMULAIRE_EXTENSION.lire(url.searchParams.get("etape"));
  if (!etape) {
    const { etapesCompletes } = await procedureChangement(request, context, id);
    const reprise = ([1, 2, 3] as const).find((numero) => !etapesCompletes[numero]);
    throw redirect(
      reprise ? FORMULAIRE_EXTENSION.url(id, reprise) : `/changement-notable/recapitulatif/${id}`,
    );
  }
  const commun = {
    retourEdition:
      demande.etat === "en_edition"
        ? { commentaire: commentaireRetourEdition(demande.infosComplementaires) }
        : null,
    [BREADCRUMB_PARENTS_KEY]: PARENTS,
  };
  switch (etape) {
    case 1:
      return { ...(await chargerEtapePerimetre(request, context, demande)), ...commun };
    case 2:
      return { ...chargerEtapeEffectifs(demande), ...commun };
    case 3:
      return {
        ...(await chargerEtapePieces(request, context, "changement-notable", demande.id)),
        ...commun,
      };
  }
}

export const handle: BreadcrumbHandle = { breadcrumb: FORMULAIRE_EXTENSION.titre };

/**
 * Posts of the form, handed to the module of the step in the URL (`etape`;
 * step 1 without id). Applicants only, flag on, `type` known; an id that is
 * not a UUID is a 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  if (params.type !== TYPE_EXTENSION) throw pageNonTrouvee();
  await exigerDrapeauExtension(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (id !== null && !UUID.test(id)) throw pageNonTrouvee();
  if (!id) return enregistrerEtapePerimetre(request, context, null);
  switch (FORMULAIRE_EXTENSION.lire(url.searchParams.get("etape")) ?? 1) {
    case 1:
      return enregistrerEtapePerimetre(request, context, id);
    case 2:
      return enregistrerEtapeEffectifs(request, context, id);
    case 3:
      return enregistrerEtapePieces(
        request,
        context,
        "changement-notable",
        id,
        url.searchParams.get("rubrique") ?? "",
      );
  }
}

/** Searches re-render the posted form: the loader's data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get("intent");
  if (intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES) return false;
  return defaultShouldRevalidate;
};

/**
 * The form's page: title, DSFR stepper (3 steps) and the current step's
 * form, or why no extension can be started.
 */
export default function FormulaireExtension() {
  const donnees = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>() ?? null;
  if (donnees.vue === "creationImpossible")
    return <CreationImpossible formulaire={FORMULAIRE_EXTENSION} raison={donnees.raison} />;
  return (
    <PageFormulaire
      formulaire={FORMULAIRE_EXTENSION}
      etape={donnees.etape}
      retourEdition={donnees.retourEdition}
    >
      {donnees.vue === "etape1" ? (
        <VueEtapePerimetre
          donnees={donnees}
          resultat={resultat?.vue === "etape1" ? resultat : null}
        />
      ) : null}
      {donnees.vue === "etape2" ? (
        <VueEtapeEffectifs
          donnees={donnees}
          resultat={resultat?.vue === "etape2" ? resultat : null}
        />
      ) : null}
      {donnees.vue === "etape3" ? (
        <EtapePieces
          type="changement-notable"
          donnees={donnees}
          resultat={resultat?.vue === "etape3" ? resultat : null}
        />
      ) : null}
    </PageFormulaire>
  );
}

/** Each step has its own title: "Étape 2 sur 3 – Effectifs sur le nouveau périmètre – Extension du périmètre d'intervention". */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const etape = data && "etape" in data ? data.etape : null;
  return [
    {
      title: pageTitle(etape ? FORMULAIRE_EXTENSION.titrePage(etape) : FORMULAIRE_EXTENSION.titre),
    },
  ];
};
