import type { Message } from "#contract/schemas/demande";
import { dateHeureFr } from "~/utils/dates";

/** "Vous" for the reader's side; for staff, who wrote on the other side or on the team. */
function auteurDe(message: Message, staff: boolean): string {
  if (message.moi && !staff) return "Vous";
  const nom = message.auteur ? `${message.auteur.prenom} ${message.auteur.nom}` : null;
  if (message.cote === "demandeur") return nom ? `${nom} (demandeur)` : "Demandeur";
  if (!staff) return "Service instructeur";
  return nom ? `${nom} (service instructeur)` : "Service instructeur";
}

/** One message of the thread as a card: the reader's own on the right, the others grey. */
function MessageFil({ message, staff }: { message: Message; staff: boolean }) {
  const auteur = auteurDe(message, staff);
  return (
    <li className={`fr-col-12 fr-col-md-10 fr-mb-2w${message.moi ? " fr-col-offset-md-2" : ""}`}>
      <article
        className={`fr-card fr-card--sm fr-card--no-arrow${message.moi ? "" : " fr-card--grey"}`}
      >
        <div className="fr-card__body">
          <div className="fr-card__content">
            <h3 className="fr-card__title">{auteur}</h3>
            <p className="fr-card__desc portail-pre-line">{message.contenu}</p>
            <div className="fr-card__start">
              <p className="fr-card__detail">
                <time dateTime={message.date}>{dateHeureFr(message.date)}</time>
              </p>
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * The thread (spec §3 Messaging): takes the messages, oldest first, and
 * whether the reader is staff; each message with its side ("Vous",
 * "Service instructeur", or the applicant for staff) and time.
 */
export function FilMessages({ messages, staff }: { messages: Message[]; staff: boolean }) {
  return messages.length === 0 ? (
    <p>Aucun message pour le moment.</p>
  ) : (
    <ol className="fr-raw-list fr-grid-row">
      {messages.map((message) => (
        <MessageFil key={message.id} message={message} staff={staff} />
      ))}
    </ol>
  );
}
