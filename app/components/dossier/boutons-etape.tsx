import { Link } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";

/** The last button of a step: go on, deposit, or none (a deposited report's last step). */
export type SuiteEtape = "suivant" | "soumettre" | null;

const LIBELLES_SUITE = { suivant: "Suivant", soumettre: "Soumettre" } as const;

/**
 * The stepper buttons of spec §2 at the bottom of a step's form (DESIGN
 * §6), for every form in steps (case files, annual report): "Précédent"
 * is a link to `precedent` (none on the first step); "Enregistrer" posts
 * `intent=enregistrer` (save and stay); then, per `suite`, "Suivant"
 * (`intent=suivant`, save and go on) or "Soumettre" (`intent=soumettre`,
 * save and deposit). "Enregistrer" is the main button only when it stands
 * alone. `form` ties the buttons to a form elsewhere in the page; `occupe`
 * disables them while the form is being sent (double submit).
 * The group mixes a left icon ("Précédent") and a right one ("Suivant"):
 * without a `fr-btns-group--icon-*` class the DSFR draws every button with
 * an icon as an icon-only 40 px square, which cut "Suivant" to "Suiv".
 * `--icon-left` keeps each button at its text's width; "Suivant" keeps its
 * arrow on the right through its own `fr-btn--icon-right` (`--icon-right`
 * on the group would move the arrow of "Précédent" to the right).
 */
export function BoutonsFormulaireEtapes({
  precedent,
  suite,
  form,
  occupe = false,
}: {
  precedent: string | null;
  suite: SuiteEtape;
  form?: string;
  occupe?: boolean;
}) {
  return (
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-btns-group--icon-left fr-mt-4w">
      {precedent ? (
        <li>
          <Link
            className="fr-btn fr-btn--tertiary fr-icon-arrow-left-line fr-btn--icon-left"
            to={precedent}
          >
            Précédent
          </Link>
        </li>
      ) : null}
      <li>
        <button
          type="submit"
          className={suite ? "fr-btn fr-btn--secondary" : "fr-btn"}
          name="intent"
          value="enregistrer"
          form={form}
          disabled={occupe}
        >
          Enregistrer
        </button>
      </li>
      {suite ? (
        <li>
          <button
            type="submit"
            className={
              suite === "suivant" ? "fr-btn fr-icon-arrow-right-line fr-btn--icon-right" : "fr-btn"
            }
            name="intent"
            value={suite}
            form={form}
            disabled={occupe}
          >
            {LIBELLES_SUITE[suite]}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * {@link BoutonsFormulaireEtapes} of step `etape` of a case file's form
 * (ADR 0044): "Précédent" to the previous step of its type's form, then
 * "Enregistrer" and "Suivant".
 */
export function BoutonsEtape({
  type,
  id,
  etape,
  form,
  occupe = false,
}: {
  type: TypeDossier;
  id: string | null;
  etape: 1 | 2 | 3;
  form?: string;
  occupe?: boolean;
}) {
  return (
    <BoutonsFormulaireEtapes
      precedent={etape > 1 ? DESCRIPTIONS_DOSSIER[type].formulaire.url(id, etape - 1) : null}
      suite="suivant"
      form={form}
      occupe={occupe}
    />
  );
}
