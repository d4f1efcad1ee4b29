import { Stepper } from "@codegouvfr/react-dsfr/Stepper";
import { Link } from "@remix-run/react";

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
 * The page title of a step, before the portal's name (issue 21 item 5):
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

/**
 * The stepper buttons of spec §2 at the bottom of a step's form (DESIGN §6):
 * "Précédent" is a link to the previous step; "Enregistrer" posts
 * `intent=enregistrer` (save and stay) and "Suivant" `intent=suivant` (save
 * and go on). `form` ties the buttons to a form elsewhere in the page;
 * `occupe` disables them while the form is being sent (double submit).
 * The group mixes a left icon ("Précédent") and a right one ("Suivant"):
 * without a `fr-btns-group--icon-*` class the DSFR draws every button with
 * an icon as an icon-only 40 px square, which cut "Suivant" to "Suiv"
 * (issue 21 item 1). `--icon-left` keeps each button at its text's width;
 * "Suivant" keeps its arrow on the right through its own `fr-btn--icon-right`
 * (`--icon-right` on the group would move the arrow of "Précédent" to the right).
 */
export function BoutonsEtape({
  id,
  etape,
  form,
  occupe = false,
}: {
  id: string | null;
  etape: 1 | 2 | 3;
  form?: string;
  occupe?: boolean;
}) {
  return (
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-btns-group--icon-left fr-mt-4w">
      {etape > 1 ? (
        <li>
          <Link
            className="fr-btn fr-btn--tertiary fr-icon-arrow-left-line fr-btn--icon-left"
            to={urlEtape(id, (etape - 1) as NumeroEtape)}
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
          form={form}
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
          form={form}
          disabled={occupe}
        >
          Suivant
        </button>
      </li>
    </ul>
  );
}
