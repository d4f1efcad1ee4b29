/**
 * A type's form in steps (spec §2 request form in 4 steps, perimeter
 * extension in 3; DESIGN §6 one URL per step), written once against its
 * description: reading the step of the URL, the step's URL and page title,
 * the DSFR stepper and the frame of the page.
 */
import { Stepper } from "@codegouvfr/react-dsfr/Stepper";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LIBELLES_ACTION } from "#contract/schemas/instruction";

/** What one type's form declares; `N` its step numbers (`1 | 2 | 3 | 4`). */
interface DescriptionFormulaire<N extends number> {
  /** The form's `h1`, and the end of each step's page title. */
  titre: string;
  /** The steps' titles, by number. */
  etapes: Readonly<Record<N, string>>;
  /** The form's path; `?id=…&etape=…` follows. */
  chemin: string;
  /** What the stepper announces after the last step when a page follows it (the extension's recap). */
  apresDerniere?: string;
  /** When no file of this type can be started: the alert's title and the way back. */
  creationImpossible: { titre: string; retour: { href: string; libelle: string } };
}

/** A type's form: its description and what is read from it. */
export interface FormulaireEtapes<N extends number> extends DescriptionFormulaire<N> {
  /** "3" → 3 for a form of 4 steps; anything else (absent, "0", "5", "abc") → null. */
  lire(valeur: string | null | undefined): N | null;
  /** `{chemin}?id=<id>&etape=<n>`; without id, a new file; without step, where the draft resumes. */
  url(id: string | null | undefined, etape?: N): string;
  /** The page title of a step (RGAA 8.6): "Étape 2 sur 4 – Activités de la structure – Demande d'agrément". */
  titrePage(etape: N): string;
}

/** The form of one type, from its description (spec §2; DESIGN §6 one URL per step). */
export function formulaireEtapes<N extends number>(
  description: DescriptionFormulaire<N>,
): FormulaireEtapes<N> {
  const nombre = Object.keys(description.etapes).length;
  return {
    ...description,
    lire: (valeur) => {
      const etape = Number(valeur);
      return Object.hasOwn(description.etapes, etape) ? (etape as N) : null;
    },
    url: (id, etape) => {
      const params = new URLSearchParams();
      if (id) params.set("id", id);
      if (etape) params.set("etape", String(etape));
      return `${description.chemin}?${params}`;
    },
    titrePage: (etape) =>
      `Étape ${etape} sur ${nombre} – ${description.etapes[etape]} – ${description.titre}`,
  };
}

/**
 * The DSFR stepper: "Étape n sur N", the step's title (h2) and the next
 * one's (or `apresDerniere` after the last).
 */
export function FriseEtapes<N extends number>({
  formulaire,
  etape,
}: {
  formulaire: FormulaireEtapes<N>;
  etape: N;
}) {
  const etapes: Readonly<Record<number, string>> = formulaire.etapes;
  return (
    <Stepper
      currentStep={etape}
      stepCount={Object.keys(etapes).length}
      title={etapes[etape]}
      nextTitle={etapes[etape + 1] ?? formulaire.apresDerniere}
      progressText={({ currentStep, stepCount }) => `Étape ${currentStep} sur ${stepCount}`}
      nextStepText="Étape suivante :"
    />
  );
}

/**
 * Above the steps of a file returned for edition (DESIGN §3 en_edition):
 * why it came back (the instructor's comment, if any) and how to deposit
 * it again.
 */
function RetourEdition({ commentaire }: { commentaire: string | null }) {
  return (
    <div className="fr-alert fr-alert--warning fr-mb-4w">
      <h2 className="fr-alert__title">Votre demande vous a été retournée pour modification</h2>
      {commentaire ? (
        <p className="portail-pre-line">
          <strong>Commentaire du service instructeur :</strong> {commentaire}
        </p>
      ) : null}
      <p>
        Modifiez les étapes concernées, puis déposez de nouveau votre demande depuis le
        récapitulatif avec « {LIBELLES_ACTION.DEPOSER_EN_EDITION} ».
      </p>
    </div>
  );
}

/**
 * The frame of a step's page: the `h1`, for a file returned for edition
 * (DESIGN §3 en_edition) why it came back (`retourEdition`, else null),
 * the stepper, then the step's form.
 */
export function PageFormulaire<N extends number>({
  formulaire,
  etape,
  retourEdition,
  children,
}: {
  formulaire: FormulaireEtapes<N>;
  etape: N;
  retourEdition: { commentaire: string | null } | null;
  children: ReactNode;
}) {
  return (
    <div className="fr-container fr-py-6w">
      <h1>{formulaire.titre}</h1>
      {retourEdition ? <RetourEdition commentaire={retourEdition.commentaire} /> : null}
      <FriseEtapes formulaire={formulaire} etape={etape} />
      {children}
    </div>
  );
}

/** Instead of the form, when no file of this type can be started now (spec §5): why, and the way back. */
export function CreationImpossible({
  formulaire,
  raison,
}: {
  formulaire: FormulaireEtapes<number>;
  raison: string;
}) {
  const { titre, retour } = formulaire.creationImpossible;
  return (
    <div className="fr-container fr-py-6w">
      <h1>{formulaire.titre}</h1>
      <div className="fr-alert fr-alert--info fr-mb-4w">
        <h2 className="fr-alert__title">{titre}</h2>
        <p>{raison}</p>
      </div>
      <Link className="fr-btn" to={retour.href}>
        {retour.libelle}
      </Link>
    </div>
  );
}
