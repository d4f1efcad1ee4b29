/**
 * The layout of every French mail (each rule in one place): the
 * portal's (api/mail/) and the identity provider's (idp/, which may not
 * import api/mail/). A plain-text part, always present (simple mail clients,
 * screen readers), and an HTML part made of the same sentences, then the
 * signature and the "automatic message" line.
 */

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

/** Renders `paragraphes` as the plain-text and the HTML parts of a mail titled `subject`. */
export function miseEnPage(
  subject: string,
  paragraphes: Paragraphe[],
): { subject: string; text: string; html: string } {
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
