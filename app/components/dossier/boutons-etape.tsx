import { Link } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";

/**
 * The stepper buttons of spec §2 at the bottom of a step's form (DESIGN
 * §6), for either type of case file (ADR 0044): "Précédent" is a link to
 * the previous step; "Enregistrer" posts `intent=enregistrer` (save and
 * stay) and "Suivant" `intent=suivant` (save and go on). `form` ties the
 * buttons to a form elsewhere in the page; `occupe` disables them while
 * the form is being sent (double submit).
 * The group mixes a left icon ("Précédent") and a right one ("Suivant"):
 * without a `fr-btns-group--icon-*` class the DSFR draws every button with
 * an icon as an icon-only 40 px square, which cut "Suivant" to "Suiv".
 * `--icon-left` keeps each button at its text's width; "Suivant" keeps its
 * arrow on the right through its own `fr-btn--icon-right` (`--icon-right`
 * on the group would move the arrow of "Précédent" to the right).
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
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-btns-group--icon-left fr-mt-4w">
      {etape > 1 ? (
        <li>
          <Link
            className="fr-btn fr-btn--tertiary fr-icon-arrow-left-line fr-btn--icon-left"
            to={DESCRIPTIONS_DOSSIER[type].urlFormulaire(id, etape - 1)}
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
