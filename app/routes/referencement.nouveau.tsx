import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { estIntentSansEnregistrement } from "~/components/referencement/champs-referencement";
import { FormulaireReferencement } from "~/components/referencement/formulaire-referencement";
import {
  chargerReferencement,
  posterReferencement,
  type RaisonSansFormulaire,
} from "~/components/referencement/formulaire-referencement.server";
import {
  MESSAGE_REGISTRE_INDISPONIBLE,
  MESSAGE_SUSPENDU,
  MESSAGE_TOUS_REFERENCES,
} from "~/components/referencement/presentation";
import { pageTitle } from "~/utils/title";

const TITRE = "Référencer un établissement";

/**
 * `/referencement/nouveau` (spec §2 referencing form with 4 sections, §4
 * suspended approval blocks referencing): a demandeur
 * holding an approval (else home with a notification); the form, or why
 * there is none (approval suspended, every establishment of the registry
 * already referenced, registry not answering).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chargerReferencement(request, context);
}

/** The form's posts (see `posterReferencement`): searches, address of the registry, referencing. */
export async function action({ request, context }: ActionFunctionArgs) {
  return posterReferencement(request, context);
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/** Searches and the registry's address re-render the posted form: the loader's data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  if (estIntentSansEnregistrement(formData?.get("intent"))) return false;
  return defaultShouldRevalidate;
};

/** Texts of the page without a form, by reason. */
const SANS_FORMULAIRE: Record<
  RaisonSansFormulaire,
  { severite: "warning" | "info"; titre: string; texte: string }
> = {
  suspendu: {
    severite: "warning",
    titre: "Référencement impossible pendant la suspension",
    texte: MESSAGE_SUSPENDU,
  },
  tousReferences: {
    severite: "info",
    titre: MESSAGE_TOUS_REFERENCES,
    texte:
      "Chaque établissement actif de votre société au répertoire des entreprises est déjà référencé au titre de votre agrément.",
  },
  registreIndisponible: {
    severite: "warning",
    titre: "Répertoire des entreprises indisponible",
    texte: MESSAGE_REGISTRE_INDISPONIBLE,
  },
};

/**
 * The page: title, the approval's number, and the 4-section form fed by the
 * loader and, after a refused post or a search, by the action's answer
 * (the form remounts from the posted values); or the reason there is no
 * form, with a link back to the list.
 */
export default function NouveauReferencement() {
  const donnees = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>() ?? null;
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      {donnees.vue === "sansFormulaire" ? (
        <>
          <div
            className={`fr-alert fr-alert--${SANS_FORMULAIRE[donnees.raison].severite} fr-mb-4w`}
          >
            <h2 className="fr-alert__title">{SANS_FORMULAIRE[donnees.raison].titre}</h2>
            <p>{SANS_FORMULAIRE[donnees.raison].texte}</p>
          </div>
          <Link className="fr-link fr-icon-arrow-left-line fr-link--icon-left" to="/referencement">
            Retour aux établissements référencés
          </Link>
        </>
      ) : (
        <>
          <p>
            Référencez un établissement par lequel votre structure accompagne les ménages, au titre
            de l'agrément n° <strong>{donnees.numeroAgrement}</strong>. Une fois référencé, seul son
            périmètre d'intervention pourra être modifié.
          </p>
          <FormulaireReferencement
            key={resultat?.cle ?? "chargement"}
            etpRequired={donnees.etpRequired}
            registre={donnees.registre}
            options={donnees.options}
            valeurs={donnees.valeurs}
            choix={resultat?.choix ?? donnees.choix}
            communes={resultat?.communes ?? donnees.communes}
            recherche={resultat?.recherche ?? null}
            lastResult={resultat?.lastResult ?? null}
          />
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
