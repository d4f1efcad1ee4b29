import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LienFichier } from "./lien-fichier";

const piece = {
  id: "3f2c1b7e-0000-4000-8000-000000000001",
  nom: "statuts.pdf",
  mimeType: "application/pdf",
  size: 2048,
};

const rendu = (etatAntivirus?: "en_attente" | "erreur" | "infecte") =>
  renderToStaticMarkup(createElement(LienFichier, { piece: { ...piece, etatAntivirus } }));

describe("the link of an uploaded file and the antivirus (ADR 0030)", () => {
  it("is a download link once the file is clean or not scanned", () => {
    expect(rendu()).toContain(`href="/piece-jointe/${piece.id}"`);
  });

  it("shows « Analyse antivirus en cours » and no link while the scan is pending or retried", () => {
    for (const etat of ["en_attente", "erreur"] as const) {
      const html = rendu(etat);
      expect(html).not.toContain("href=");
      expect(html).toContain("statuts.pdf");
      expect(html).toContain("Analyse antivirus en cours");
    }
  });

  it("shows that an infected file is blocked, without a link", () => {
    const html = rendu("infecte");
    expect(html).not.toContain("href=");
    expect(html).toContain("Fichier bloqué : un virus a été détecté");
  });
});
