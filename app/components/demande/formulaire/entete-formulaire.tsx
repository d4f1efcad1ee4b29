import { Link } from "@remix-run/react";
import { LIBELLES_ACTION } from "#contract/schemas/instruction";

/**
 * Instead of the form, when no new request can be started (spec §5: one
 * active request per company): why, and the way home.
 */
export function CreationImpossible({ raison }: { raison: string }) {
  return (
    <div className="fr-container fr-py-6w">
      <h1>Demande d'agrément</h1>
      <div className="fr-alert fr-alert--info fr-mb-4w">
        <h2 className="fr-alert__title">Vous ne pouvez pas créer de nouvelle demande</h2>
        <p>{raison}</p>
      </div>
      <Link className="fr-btn" to="/">
        Retour à l'accueil
      </Link>
    </div>
  );
}

/**
 * Above the steps of a request returned for edition (DESIGN §3 en_edition):
 * why it came back (the instructor's comment, if any) and how to deposit
 * it again.
 */
export function RetourEdition({ commentaire }: { commentaire: string | null }) {
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
