/**
 * The « Rapports annuels d'activité » section of the staff file page
 * (ADR 0017): a deposited report's downloads (exact link texts,
 * which the applicant's journey clicks), the late marker, and the
 * sentence when no report is owed yet.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SectionRapportsAnnuels } from "./section-rapports-annuels";

const piece = (id: string, size: number) => ({
  id,
  nom: `${id}.pdf`,
  mimeType: "application/pdf",
  size,
  codeTypePJ: "raa_capital",
  dateCreation: "2026-03-10T09:00:00.000Z",
});

describe("SectionRapportsAnnuels", () => {
  it("lists the years newest first, with the downloads of a deposited report", () => {
    const html = renderToStaticMarkup(
      h(SectionRapportsAnnuels, {
        demandeId: "dem-1",
        agrement: {
          etat: "en_cours",
          dateDebut: "2024-05-02",
          dateFin: "2029-05-01",
          rapportAnnuelActivites: [
            {
              annee: 2024,
              etat: "depose",
              // 22:30 UTC on 30 March 2025 is 00:30 on 31 March in Paris (summer time).
              dateDepot: "2025-03-30T22:30:00.000Z",
              enRetard: false,
              piecesJointes: [piece("statuts", 1048576), piece("pv", 524288)],
            },
            {
              annee: 2025,
              etat: "nonDepose",
              dateDepot: null,
              enRetard: true,
              piecesJointes: [],
            },
          ],
        },
      }),
    );
    expect(html.indexOf('<th scope="row">2025</th>')).toBeLessThan(
      html.indexOf('<th scope="row">2024</th>'),
    );
    expect(html).toContain(
      '<p class="fr-badge fr-badge--sm fr-badge--warning">Non déposé</p></li><li><p class="fr-badge fr-badge--sm fr-badge--error">En retard</p>',
    );
    expect(html).toContain('<p class="fr-badge fr-badge--sm fr-badge--success">Déposé</p>');
    expect(html).toContain("<td>31/03/2025</td>");
    expect(html).toContain(
      '<a class="fr-link fr-link--sm fr-link--download" href="/dossier/demande/dem-1/rapport-annuel/2024/rapport.zip" download="">Télécharger le rapport 2024 (ZIP)</a>',
    );
    expect(html).toContain("Synthèse PDF et 2 documents joints (1,5 Mo)");
    expect(html).toContain(
      '<a class="fr-link fr-link--sm fr-link--download" href="/dossier/demande/dem-1/rapport-annuel/2024/synthese.pdf" download="">Synthèse 2024 (PDF)</a>',
    );
    expect(html).not.toContain("Télécharger le rapport 2025");
    expect(html).not.toContain("Aucun rapport annuel");
  });

  it("says when the first report is due while none is owed", () => {
    const html = renderToStaticMarkup(
      h(SectionRapportsAnnuels, {
        demandeId: "dem-2",
        agrement: {
          etat: "en_cours",
          dateDebut: "2026-06-15",
          dateFin: "2031-06-14",
          rapportAnnuelActivites: [
            {
              annee: 2025,
              etat: "nonApplicable",
              dateDepot: null,
              enRetard: false,
              piecesJointes: [],
            },
          ],
        },
      }),
    );
    expect(html).toContain(
      "<p>Aucun rapport annuel d&#x27;activité n&#x27;est encore dû au titre de cet agrément : le premier, sur l&#x27;activité de 2026, sera à déposer au plus tard le 31/03/2027 inclus.</p>",
    );
    expect(html).toContain('<p class="fr-badge fr-badge--sm fr-badge--info">Non applicable</p>');
    expect(html).not.toContain("<a ");
  });
});
