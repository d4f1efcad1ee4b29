/**
 * Names of attachments that cannot lie: one function
 * normalises them at upload (api/files/nom-fichier.ts).
 */
import { describe, expect, it } from "vitest";
import { NOM_FICHIER_MAX, assainirNomFichier } from "../../api/files/nom-fichier.ts";

describe("assainirNomFichier", () => {
  it("gives the extension of the type read from the bytes, keeping one that already says it", () => {
    // Shown as "factureexe.pdf" by a right-to-left override, really an ".exe".
    expect(assainirNomFichier("facture\u202Efdp.exe", "application/pdf")).toBe("facturefdp.pdf");
    expect(assainirNomFichier("photo.pdf", "image/png")).toBe("photo.png");
    expect(assainirNomFichier("rapport.PDF.exe", "application/pdf")).toBe("rapport.PDF.pdf");
    expect(assainirNomFichier("scan", "application/pdf")).toBe("scan.pdf");
    expect(assainirNomFichier("Relevé du 12.03.2024", "application/pdf")).toBe(
      "Relevé du 12.03.2024.pdf",
    );
    // An extension that already says the type stays as written.
    expect(assainirNomFichier("Kbis société.pdf", "application/pdf")).toBe("Kbis société.pdf");
    expect(assainirNomFichier("SCAN.PDF", "application/pdf")).toBe("SCAN.PDF");
    expect(assainirNomFichier("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(assainirNomFichier("photo.JPG", "image/jpeg")).toBe("photo.JPG");
    expect(assainirNomFichier("archive.zip", "application/zip")).toBe("archive.zip");
  });

  it("removes bidirectional, zero-width, control and private-use characters", () => {
    const invisibles = [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200E",
      "\u200F",
      "\u061C",
      "\u200B",
      "\u200C",
      "\u200D",
      "\u2060",
      "\uFEFF",
      "\u00AD",
      "\u0000",
      "\u001B",
      "\u007F",
      "\u0085",
      "\u2028",
      "\u2029",
      "\uE000",
    ];
    for (const caractere of invisibles)
      expect(assainirNomFichier(`fac${caractere}ture.pdf`, "application/pdf")).toBe("facture.pdf");
    expect(assainirNomFichier("a\u202Egpj.\u2066exe\u2069", "image/jpeg")).toBe("agpj.jpg");
  });

  it("keeps only the last segment of a path, composed accents, no hidden or Windows-refused name", () => {
    expect(assainirNomFichier("..\\..\\Windows\\system32\\x.pdf", "application/pdf")).toBe("x.pdf");
    expect(assainirNomFichier("../../.bashrc", "application/pdf")).toBe("bashrc.pdf");
    expect(assainirNomFichier('a<b>c:d"e|f?g*h.pdf', "application/pdf")).toBe(
      "a_b_c_d_e_f_g_h.pdf",
    );
    expect(assainirNomFichier(" devis . . .pdf", "application/pdf")).toBe("devis.pdf");
    expect(assainirNomFichier("\u202E", "image/png")).toBe("fichier.png");
    expect(assainirNomFichier(".exe", "application/zip")).toBe("exe.zip");
    // Accents composed (NFC).
    expect(assainirNomFichier("Rele\u0301ve\u0301.pdf", "application/pdf")).toBe(
      "Rel\u00E9v\u00E9.pdf",
    );
  });

  it(`caps the name at ${NOM_FICHIER_MAX} characters, keeping the extension; idempotent`, () => {
    expect(NOM_FICHIER_MAX).toBe(150);
    const nom = assainirNomFichier(`${"é".repeat(300)}.exe`, "application/pdf");
    expect([...nom]).toHaveLength(NOM_FICHIER_MAX);
    expect(nom.endsWith("é.pdf")).toBe(true);
    // A cut never separates a letter from its combining mark.
    const combine = assainirNomFichier(
      `${"x".repeat(145)}\u0915\u094D\u0937.pdf`,
      "application/pdf",
    );
    expect(combine).toBe(`${"x".repeat(145)}.pdf`);
    // Applied again to its own result, it changes nothing.
    for (const [nom, type] of [
      ["facture\u202Efdp.exe", "application/pdf"],
      [`${"é".repeat(300)}.pdf`, "application/pdf"],
      [" .a. ", "image/png"],
      ["C:\\x\\photo.jpeg", "image/jpeg"],
    ] as const) {
      const une = assainirNomFichier(nom, type);
      expect(assainirNomFichier(une, type)).toBe(une);
    }
  });
});
