/**
 * The approved operator's home, establishments part (spec §2 "Home for
 * applicants": tile to reference establishments with badge 'À référencer'
 * while the user has no establishment, quick-access tile "referenced
 * establishments"; §2 Modals "reference-establishments prompt"; §6 "when
 * an agreed request exists it loads whether the applicant has an
 * establishment, else prompts to reference establishments").
 */
import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import type { TuileOperateur } from "~/components/agrement/tuiles-operateur";

/** The quick-access tile of the establishments' list (shown with the approval). */
export const TUILE_ETABLISSEMENTS: TuileOperateur = {
  id: "etablissements-references",
  titre: "Établissements référencés",
  description: "Les établissements par lesquels vous accompagnez les ménages, et leur périmètre.",
  href: "/referencement",
};

/**
 * The reference-establishments prompt (spec §2 Modals), rendered by the
 * server as a DSFR callout rather than a dialog so that it works without
 * JavaScript and never blocks the page: shown while the company has no
 * establishment and may reference one (approval en_cours), with a button
 * to the referencing form.
 */
export function InvitationReferencement() {
  return (
    <CallOut
      className="fr-mb-4w"
      title="Référencez vos établissements"
      titleAs="h2"
      iconId="fr-icon-building-line"
    >
      <span className="portail-ligne">
        Votre structure est agréée. Pour que les ménages puissent vous trouver dans l'annuaire Mon
        Accompagnateur Rénov', référencez les établissements par lesquels vous les accompagnez, dans
        le périmètre de votre agrément.
      </span>
      <BoutonReferencer className="fr-mt-2w" />
    </CallOut>
  );
}

/** The "Référencer un établissement" button, to the referencing form; `className` its margin. */
export function BoutonReferencer({ className }: { className: string }) {
  return (
    <Button
      className={className}
      linkProps={{ to: "/referencement/nouveau" }}
      iconId="fr-icon-add-line"
    >
      Référencer un établissement
    </Button>
  );
}

/** The 'À référencer' tile (spec §2): while the company has no establishment. */
export function TuileAReferencer() {
  return (
    <Tile
      title="Référencer mes établissements"
      titleAs="h3"
      desc="Aucun établissement n'est encore référencé au titre de votre agrément."
      start={<span className="fr-badge fr-badge--sm fr-badge--new">À référencer</span>}
      linkProps={{ to: "/referencement" }}
      enlargeLinkOrButton
    />
  );
}
