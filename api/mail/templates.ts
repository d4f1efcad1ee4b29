/**
 * French mails of the portal: each template returns the subject, the
 * plain-text part (always present, read by simple mail clients and screen
 * readers) and an HTML part built from the same sentences. The mails of
 * the instruction (api/mail/courriels-instruction.ts) use the same layout.
 */
import type { MailMessage } from "./types.ts";

const SIGNATURE = "L'équipe Mon Accompagnateur Rénov' de l'Agence nationale de l'habitat (Anah)";
const AUTOMATIQUE = "Ce message est envoyé automatiquement : merci de ne pas y répondre.";

const ENTITES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function echapper(texte: string): string {
  return texte.replace(/[&<>"']/g, (caractere) => ENTITES[caractere]);
}

/** One paragraph of a mail: plain text, or a sentence followed by a link. */
export type Paragraphe = string | { texte: string; lien: string };

/** Renders the same paragraphs as the plain-text and the HTML parts. */
export function miseEnPage(subject: string, paragraphes: Paragraphe[]): Omit<MailMessage, "to"> {
  const text = [...paragraphes, SIGNATURE, AUTOMATIQUE]
    .map((p) => (typeof p === "string" ? p : `${p.texte}\n${p.lien}`))
    .join("\n\n");
  const corps = paragraphes
    .map((p) =>
      typeof p === "string"
        ? `<p>${echapper(p)}</p>`
        : `<p>${echapper(p.texte)}<br><a href="${echapper(p.lien)}">${echapper(p.lien)}</a></p>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>${echapper(subject)}</title></head>
<body style="font-family: Marianne, Arial, sans-serif; color: #161616; line-height: 1.5;">
${corps}
<p>${echapper(SIGNATURE)}</p>
<p style="color: #666666; font-size: 0.875em;">${echapper(AUTOMATIQUE)}</p>
</body>
</html>
`;
  return { subject, text, html };
}

/**
 * Mail of POST /api/candidate/create and POST /api/user/token-mail (spec §3,
 * §9): the confirmation link of a new applicant account, valid
 * `validiteHeures` hours, and the page to ask for a new one.
 */
export function courrielConfirmationCompte(donnees: {
  prenom: string;
  nom: string;
  raisonSociale: string;
  lien: string;
  nouveauLien: string;
  validiteHeures: number;
}): Omit<MailMessage, "to"> {
  const { prenom, nom, raisonSociale, lien, nouveauLien, validiteHeures } = donnees;
  const structure = raisonSociale ? ` pour la structure ${raisonSociale}` : "";
  return miseEnPage("Confirmez la création de votre compte Mon Accompagnateur Rénov'", [
    `Bonjour ${`${prenom} ${nom}`.trim()},`,
    `Vous avez demandé la création d'un compte sur le portail des agréments Mon Accompagnateur Rénov'${structure}.`,
    {
      texte: "Pour activer votre compte, confirmez votre adresse électronique en suivant ce lien :",
      lien,
    },
    `Ce lien est valable ${validiteHeures} heures. Passé ce délai, le compte non confirmé et les données saisies sont supprimés.`,
    {
      texte: "Si le lien n'est plus valable, vous pouvez en demander un nouveau :",
      lien: nouveauLien,
    },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : aucun compte ne sera activé.",
  ]);
}
