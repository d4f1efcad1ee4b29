import { Stepper } from "@codegouvfr/react-dsfr/Stepper";
import { Link } from "@remix-run/react";
import { TITRES_ETAPES_EXTENSION } from "#contract/schemas/changement-notable";
import { NOMBRE_ETAPES_EXTENSION, urlEtapeExtension, type EtapeExtension } from "./extension";

/**
 * DSFR stepper of the extension form (spec §2, 3 steps): "Étape n sur 3",
 * the step's title (h2) and the next one's (the recap after step 3).
 */
export function EtapesExtension({ etape }: { etape: EtapeExtension }) {
  return (
    <Stepper
      currentStep={etape}
      stepCount={NOMBRE_ETAPES_EXTENSION}
      title={TITRES_ETAPES_EXTENSION[etape]}
      nextTitle={etape < 3 ? TITRES_ETAPES_EXTENSION[(etape + 1) as 2 | 3] : "Récapitulatif"}
      progressText={({ currentStep, stepCount }) => `Étape ${currentStep} sur ${stepCount}`}
      nextStepText="Étape suivante :"
    />
  );
}

/**
 * The stepper buttons of spec §2 at the bottom of a step (DESIGN §6), as
 * for the approval request (`BoutonsEtape`, whose layout classes keep
 * "Suivant" whole, issue 21 item 1): "Précédent" a link to the previous
 * step, "Enregistrer" (`intent=enregistrer`) and "Suivant"
 * (`intent=suivant`) submit buttons, disabled while the form is sent.
 */
export function BoutonsEtapeExtension({
  id,
  etape,
  occupe = false,
}: {
  id: string | null;
  etape: EtapeExtension;
  occupe?: boolean;
}) {
  return (
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-btns-group--icon-left fr-mt-4w">
      {etape > 1 ? (
        <li>
          <Link
            className="fr-btn fr-btn--tertiary fr-icon-arrow-left-line fr-btn--icon-left"
            to={urlEtapeExtension(id, (etape - 1) as EtapeExtension)}
          >
            Précédent
          </Link>
        </li>
      ) : null}
      <li>
        <button
          type="submit"
          className="fr-btn fr-btn--secondary"
          name="intent"
          value="enregistrer"
          disabled={occupe}
        >
          Enregistrer
        </button>
      </li>
      <li>
        <button
          type="submit"
          className="fr-btn fr-icon-arrow-right-line fr-btn--icon-right"
          name="intent"
          value="suivant"
          disabled={occupe}
        >
          Suivant
        </button>
      </li>
    </ul>
  );
}

/**
 * Instead of the form, when no extension can be started now (spec §5: only
 * when the API offers CREER_EXTENSION_PERIMETRE): why, and the way back.
 */
export function ExtensionImpossible({ raison }: { raison: string }) {
  return (
    <div className="fr-container fr-py-6w">
      <h1>Extension du périmètre d'intervention</h1>
      <div className="fr-alert fr-alert--info fr-mb-4w">
        <h2 className="fr-alert__title">Vous ne pouvez pas créer de demande d'extension</h2>
        <p>{raison}</p>
      </div>
      <Link className="fr-btn" to="/mes-demandes-changement-notable">
        Retour à mes demandes de changement notable
      </Link>
    </div>
  );
}
