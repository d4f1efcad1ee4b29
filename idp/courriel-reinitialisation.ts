/**
 * The mail of a password reset request (idp/reinitialisation.ts): French,
 * a plain-text part and an HTML part made of the same sentences, like the
 * portal's mails (api/mail/templates.ts, which idp/ may not import).
 */
import { escapeHtml } from "./pages/html.ts";

const SIGNATURE = "L'équipe Mon Accompagnateur Rénov' de l'Agence nationale de l'habitat (Anah)";
const AUTOMATIQUE = "Ce message est envoyé automatiquement : merci de ne pas y répondre.";

/**
 * Subject, text and HTML of the mail: `lien` is the new-password page
 * (absolute address, valid `validiteMinutes` minutes, single use),
 * `nouvelleDemande` the page to ask for another link.
 */
export function courrielReinitialisation(donnees: {
  prenom: string;
  lien: string;
  nouvelleDemande: string;
  validiteMinutes: number;
}): { subject: string; text: string; html: string } {
  const { prenom, lien, nouvelleDemande, validiteMinutes } = donnees;
  const duree = validiteMinutes === 60 ? "1 heure" : `${validiteMinutes} minutes`;
  const subject = "Réinitialisation de votre mot de passe Mon Accompagnateur Rénov'";
  const paragraphes: (string | { texte: string; lien: string })[] = [
    prenom ? `Bonjour ${prenom},` : "Bonjour,",
    "Une demande de réinitialisation du mot de passe de votre compte a été faite sur le portail des agréments Mon Accompagnateur Rénov'.",
    { texte: "Pour choisir un nouveau mot de passe, suivez ce lien :", lien },
    `Ce lien est valable ${duree} et ne peut servir qu'une fois. Une fois le mot de passe changé, toutes vos sessions sont fermées.`,
    {
      texte: "Si le lien n'est plus valable, faites une nouvelle demande :",
      lien: nouvelleDemande,
    },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  ];
  const text = [...paragraphes, SIGNATURE, AUTOMATIQUE]
    .map((p) => (typeof p === "string" ? p : `${p.texte}\n${p.lien}`))
    .join("\n\n");
  const corps = paragraphes
    .map((p) =>
      typeof p === "string"
        ? `<p>${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p.texte)}<br><a href="${escapeHtml(p.lien)}">${escapeHtml(p.lien)}</a></p>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Marianne, Arial, sans-serif; color: #161616; line-height: 1.5;">
${corps}
<p>${escapeHtml(SIGNATURE)}</p>
<p style="color: #666666; font-size: 0.875em;">${escapeHtml(AUTOMATIQUE)}</p>
</body>
</html>
`;
  return { subject, text, html };
}
