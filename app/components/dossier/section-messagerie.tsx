import { Link } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import { adresseMessagerie } from "~/components/messagerie/messagerie";

/**
 * "Messagerie" of the staff file page: whether the thread is closed, and
 * the link to it, with a "Nouveau message" badge while one is unread.
 */
export function SectionMessagerie({
  kind,
  demande,
}: {
  kind: TypeDossier;
  demande: Pick<DemandeDetail, "id" | "messagerie" | "nouveauMessage">;
}) {
  return (
    <section id="messagerie" aria-labelledby="messagerie-titre" className="fr-mb-6w">
      <h2 id="messagerie-titre" className="fr-h3">
        Messagerie
      </h2>
      <p>
        {demande.messagerie.closed
          ? "La messagerie de ce dossier est fermée : les messages restent consultables."
          : "Les échanges avec le demandeur se font dans la messagerie du dossier."}
      </p>
      <Link
        className="fr-btn fr-btn--secondary fr-icon-mail-line fr-btn--icon-left"
        to={adresseMessagerie(kind, demande.id)}
      >
        Ouvrir la messagerie
        {demande.nouveauMessage ? (
          <span className="fr-badge fr-badge--sm fr-badge--new fr-ml-1w">Nouveau message</span>
        ) : null}
      </Link>
    </section>
  );
}
