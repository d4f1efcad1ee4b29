/**
 * The French mail telling an uploader that the antivirus blocked his file
 * (ADR 0030), on the portal's mail layout.
 */
import { miseEnPage } from "../../contract/gabarit/courriel.ts";
import type { MailMessage } from "../mail/types.ts";

/** To the person who uploaded `nomFichier`, once clamd found it infected. */
export function courrielFichierInfecte(donnees: {
  destinataire: { prenom: string; nom: string };
  nomFichier: string;
  lien: string;
}): Omit<MailMessage, "to"> {
  const nom = `${donnees.destinataire.prenom} ${donnees.destinataire.nom}`.trim();
  return miseEnPage("Fichier bloqué par l'antivirus", [
    nom ? `Bonjour ${nom},` : "Bonjour,",
    `Le fichier « ${donnees.nomFichier} » que vous avez déposé sur le portail a été bloqué : l'antivirus y a détecté un virus. Personne ne peut l'ouvrir, et il n'est repris dans aucune archive ni aucun export.`,
    "Vérifiez votre poste avec votre antivirus, puis déposez à nouveau une version saine du document si elle est attendue.",
    { texte: "Accédez au portail :", lien: donnees.lien },
  ]);
}
