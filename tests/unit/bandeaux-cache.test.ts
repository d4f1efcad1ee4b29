import { describe, expect, it } from "vitest";
import type { BandeauInformatif } from "../../contract/schemas/reference.ts";
import { creerCacheBandeaux } from "../../app/.server/bandeaux.server.ts";

const GENERAL: BandeauInformatif = {
  id: 7,
  type: "general",
  demandeType: null,
  titre: "Information",
  message: "Maintenance du portail le 3 décembre de 20 h à 22 h.",
  dateDebut: null,
  dateFin: null,
};

/** A clock the test moves by hand, in ms. */
function horloge(depart = 1_000_000) {
  let maintenant = depart;
  return { lire: () => maintenant, avancer: (ms: number) => (maintenant += ms) };
}

/** A loader that counts its calls and answers `reponse`. */
function chargeur(reponse: BandeauInformatif[]) {
  const compteur = { appels: 0 };
  const charger = async () => {
    compteur.appels += 1;
    return reponse;
  };
  return { compteur, charger };
}

describe("bandeaux d'information gardés une minute par le BFF", () => {
  it("ne rappelle pas l'API dans les 60 secondes, la rappelle après", async () => {
    const temps = horloge();
    const cache = creerCacheBandeaux(temps.lire);
    const { compteur, charger } = chargeur([GENERAL]);

    expect(await cache.lire("general", charger)).toEqual([GENERAL]);
    expect(compteur.appels).toBe(1);

    temps.avancer(59_999);
    expect(await cache.lire("general", charger)).toEqual([GENERAL]);
    expect(compteur.appels).toBe(1);

    temps.avancer(1);
    expect(await cache.lire("general", charger)).toEqual([GENERAL]);
    expect(compteur.appels).toBe(2);

    // The new read starts a new minute.
    temps.avancer(30_000);
    await cache.lire("general", charger);
    expect(compteur.appels).toBe(2);
  });

  it("garde une liste par type de demande", async () => {
    const temps = horloge();
    const cache = creerCacheBandeaux(temps.lire);
    const general = chargeur([GENERAL]);
    const demande = chargeur([]);

    await cache.lire("general", general.charger);
    expect(await cache.lire("demande", demande.charger)).toEqual([]);
    expect(await cache.lire("general", general.charger)).toEqual([GENERAL]);
    expect(general.compteur.appels).toBe(1);
    expect(demande.compteur.appels).toBe(1);
  });

  it("ne garde pas un échec : la lecture suivante interroge de nouveau l'API", async () => {
    const temps = horloge();
    const cache = creerCacheBandeaux(temps.lire);
    await expect(
      cache.lire("general", () => Promise.reject(new Error("API indisponible"))),
    ).rejects.toThrow("API indisponible");
    const { compteur, charger } = chargeur([GENERAL]);
    expect(await cache.lire("general", charger)).toEqual([GENERAL]);
    expect(compteur.appels).toBe(1);
  });
});
