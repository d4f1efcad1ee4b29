import { Stepper } from "@codegouvfr/react-dsfr/Stepper";
import { Link } from "@remix-run/react";
import { TITRES_ETAPES_EXTENSION } from "#contract/schemas/changement-notable";
import { NOMBRE_ETAPES_EXTENSION, type EtapeExtension } from "./extension";

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
