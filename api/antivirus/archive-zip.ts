/**
 * The ZIP rule of issue 18 "Bad input" (ADR 0030): an uploaded ZIP holding
 * more than LIMITES_ZIP.entreesMax entries, or whose entries declare more
 * than LIMITES_ZIP.facteurMax times its own size once expanded, is refused.
 * Only the central directory is read (yauzl 3, lazily): nothing is
 * extracted. The bytes stream past once; only the end of the file, where
 * the central directory lies, is kept (at most {@link FENETRE_OCTETS}).
 */
import { PassThrough, type Readable } from "node:stream";
import yauzl from "yauzl";
import { LIMITES_ZIP, MESSAGES_ZIP } from "../../contract/antivirus.ts";

/**
 * Bytes kept from the end of the file: the end record (≤ 64 Kio with its
 * comment) and a central directory of 1,000 entries with long names (about
 * 46 + 300 bytes each) fit well in 2 Mio; one that does not is refused.
 */
export const FENETRE_OCTETS = 2 * 1024 * 1024;

/** Reads the last {@link FENETRE_OCTETS} bytes of `flux`; resolves with them and their offset. */
async function lireFin(flux: Readable): Promise<{ debut: number; fin: Buffer }> {
  const morceaux: Buffer[] = [];
  let gardes = 0;
  let lus = 0;
  for await (const morceau of flux) {
    const octets = morceau as Buffer;
    morceaux.push(octets);
    gardes += octets.length;
    lus += octets.length;
    while (gardes - morceaux[0]!.length >= FENETRE_OCTETS) gardes -= morceaux.shift()!.length;
  }
  const fin = Buffer.concat(morceaux);
  return { debut: lus - fin.length, fin };
}

/** yauzl's reader over the kept end: a read before it fails (the archive is then refused). */
class LecteurFin extends yauzl.RandomAccessReader {
  constructor(
    private readonly debut: number,
    private readonly fin: Buffer,
  ) {
    super();
  }

  _readStreamForRange(start: number, end: number): Readable {
    const flux = new PassThrough();
    if (start < this.debut) flux.destroy(new Error("Répertoire central hors de la fenêtre lue"));
    else flux.end(this.fin.subarray(start - this.debut, end - this.debut));
    return flux;
  }
}

/**
 * The French message refusing the ZIP `flux` (`taille` bytes, as stored),
 * or null when it respects both limits. A file yauzl cannot read as a ZIP
 * (damaged, central directory out of reach) is refused too.
 */
export async function refusZip(flux: Readable, taille: number): Promise<string | null> {
  const { debut, fin } = await lireFin(flux);
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.fromRandomAccessReaderPromise(new LecteurFin(debut, fin), taille, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch {
    return MESSAGES_ZIP.illisible;
  }
  if (archive.entryCount > LIMITES_ZIP.entreesMax) return MESSAGES_ZIP.tropDEntrees;
  const plafond = LIMITES_ZIP.facteurMax * taille;
  return new Promise((resolve) => {
    let total = 0;
    archive.on("entry", (entree: yauzl.Entry) => {
      total += entree.uncompressedSize;
      if (total > plafond) {
        archive.close();
        resolve(MESSAGES_ZIP.tropGrande);
      } else archive.readEntry();
    });
    archive.on("end", () => resolve(null));
    archive.on("error", () => resolve(MESSAGES_ZIP.illisible));
    archive.readEntry();
  });
}
