import { Stepper } from "@codegouvfr/react-dsfr/Stepper";

/** Spec §2 "Other screens": the four steps of the approval request form, in order. */
export const TITRES_ETAPES = [
  "Informations sur la structure",
  "Activités de la structure",
  "Pièces justificatives",
  "Récapitulatif",
] as const;

export type NumeroEtape = 1 | 2 | 3 | 4;

/** "3" → 3; anything else (absent, "0", "5", "abc") → null. */
export function lireEtape(value: string | null | undefined): NumeroEtape | null {
  const etape = Number(value);
  return etape === 1 || etape === 2 || etape === 3 || etape === 4 ? etape : null;
}

/**
 * The page title of a step, before the portal's name (RGAA 8.6):
 * "Étape 2 sur 4 – Activités de la structure – Demande d'agrément".
 */
export function titreEtape(etape: NumeroEtape): string {
  return `Étape ${etape} sur ${TITRES_ETAPES.length} – ${TITRES_ETAPES[etape - 1]} – Demande d'agrément`;
}

/**
 * URL of a step of the form (DESIGN §6: one URL per step):
 * `/demande/formulaire?id=<id>&etape=<n>`; without id, a new request (step 1).
 */
export function urlEtape(id: string | null | undefined, etape: NumeroEtape): string {
  const params = new URLSearchParams();
  if (id) params.set("id", id);
  params.set("etape", String(etape));
  return `/demande/formulaire?${params}`;
}

/**
 * DSFR stepper of the request form: "Étape n sur 4", the step's title (h2)
 * and the next step's title.
 */
export function EtapesDemande({ etape }: { etape: NumeroEtape }) {
  return (
    <Stepper
      currentStep={etape}
      stepCount={TITRES_ETAPES.length}
      title={TITRES_ETAPES[etape - 1]}
      nextTitle={etape < 4 ? TITRES_ETAPES[etape as 1 | 2 | 3] : undefined}
      progressText={({ currentStep, stepCount }) => `Étape ${currentStep} sur ${stepCount}`}
      nextStepText="Étape suivante :"
    />
  );
}
