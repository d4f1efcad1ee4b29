/**
 * Upload checks that do not need a server (DESIGN §7): the type comes from
 * the bytes, never from the name; file names are made safe to store and
 * send back.
 */
import { describe, expect, it } from "vitest";
import { assainirNomFichier, NOM_FICHIER_MAX } from "../../api/domain/pieces-jointes.ts";
import { detecterTypeFichier } from "../../api/files/type-fichier.ts";
import { JPEG, PNG, fauxPdf, petitPdf, petitZip } from "../helpers/pdf.ts";

describe("detecterTypeFichier", () => {
  it("recognises PDF, PNG, JPEG and ZIP from their bytes", async () => {
    expect(await detecterTypeFichier(await petitPdf("Bonjour"))).toBe("application/pdf");
    expect(await detecterTypeFichier(PNG)).toBe("image/png");
    expect(await detecterTypeFichier(JPEG)).toBe("image/jpeg");
    expect(await detecterTypeFichier(petitZip("a.txt", Buffer.from("a")))).toBe("application/zip");
  });

  it("refuses text, empty files and other real types whatever they are called", async () => {
    expect(await detecterTypeFichier(fauxPdf())).toBeNull();
    expect(await detecterTypeFichier(Buffer.alloc(0))).toBeNull();
    expect(
      await detecterTypeFichier(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")),
    ).toBeNull();
    expect(await detecterTypeFichier(Buffer.from("<html><body>%PDF-1.7</body></html>"))).toBeNull();
  });

  it("does not take an office document for a plain ZIP", async () => {
    const odt = petitZip("mimetype", Buffer.from("application/vnd.oasis.opendocument.text"));
    expect(await detecterTypeFichier(odt)).toBeNull();
  });
});

describe("assainirNomFichier", () => {
  it("keeps accents and spaces, drops the path", () => {
    expect(assainirNomFichier("C:\\Users\\Zoé\\Relevé d'identité.pdf")).toBe(
      "Relevé d'identité.pdf",
    );
    expect(assainirNomFichier("../../etc/Statuts  signés.pdf")).toBe("Statuts signés.pdf");
  });

  it("normalises decomposed accents to their composed form", () => {
    expect(assainirNomFichier("Releve\u0301.pdf")).toBe("Relevé.pdf");
  });

  it("removes control and bidirectional-override characters", () => {
    expect(assainirNomFichier("fac\u0007ture\u202egpj.pdf\n")).toBe("facturegpj.pdf");
  });

  it("names a file that has nothing left after its type", () => {
    expect(assainirNomFichier("..", "image/png")).toBe("fichier.png");
    expect(assainirNomFichier("/", undefined)).toBe("fichier");
  });

  it("cuts long names at 200 characters, keeping the extension", () => {
    const nom = assainirNomFichier(`${"é".repeat(300)}.pdf`);
    expect([...nom]).toHaveLength(NOM_FICHIER_MAX);
    expect(nom.endsWith("é.pdf")).toBe(true);
  });
});
