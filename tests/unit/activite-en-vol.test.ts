import { describe, expect, it } from "vitest";
import type { Database } from "../../api/db/client.ts";
import { partageEnVol } from "../../api/domain/activites/en-vol.ts";
import type { ContexteActivite } from "../../api/domain/activites/indicateurs.ts";
import type { UtilisateurRow } from "../../api/domain/utilisateur-connecte.ts";
import type { Role } from "../../contract/roles.ts";

/** A computation that answers only when the test says so, and counts its calls. */
function calculRetenu() {
  const enAttente: { resoudre: (valeur: number) => void; rejeter: (erreur: Error) => void }[] = [];
  let appels = 0;
  const calcul = (_contexte: ContexteActivite) =>
    new Promise<number>((resoudre, rejeter) => {
      appels += 1;
      enAttente.push({ resoudre, rejeter });
    });
  return {
    calcul,
    appels: () => appels,
    liberer: (valeur: number) => enAttente.shift()!.resoudre(valeur),
    echouer: (erreur: Error) => enAttente.shift()!.rejeter(erreur),
  };
}

const base = {} as Database;
const autreBase = {} as Database;

function contexte(
  options: {
    database?: Database;
    roles?: Role[];
    id?: string;
    serviceInstructeurId?: number | null;
    region?: string[];
  } = {},
): ContexteActivite {
  return {
    database: options.database ?? base,
    utilisateur: {
      row: {
        id: options.id ?? "u1",
        serviceInstructeurId: options.serviceInstructeurId ?? null,
        perimetreSupervision: null,
        societeId: null,
      } as unknown as UtilisateurRow,
      roles: options.roles ?? ["anah_centrale"],
    },
    filtres: {
      quality: [],
      servicesInstructeur: [],
      departement: [],
      region: options.region ?? [],
      reputesRejetes: false,
    },
    aujourdhui: "2026-11-27",
  };
}

describe("indicateurs d'activité partagés en vol (ADR 0037)", () => {
  it("deux lectures simultanées de la même vue n'en calculent qu'une, pour deux agents centraux", async () => {
    const retenu = calculRetenu();
    const lire = partageEnVol(retenu.calcul);
    const premiere = lire(contexte({ id: "centrale-1" }));
    const seconde = lire(contexte({ id: "centrale-2" }));
    expect(retenu.appels()).toBe(1);
    retenu.liberer(42);
    expect(await premiere).toBe(42);
    expect(await seconde).toBe(42);
  });

  it("une lecture arrivée après la fin du calcul recalcule : rien n'est gardé", async () => {
    const retenu = calculRetenu();
    const lire = partageEnVol(retenu.calcul);
    const premiere = lire(contexte());
    retenu.liberer(1);
    expect(await premiere).toBe(1);
    const seconde = lire(contexte());
    expect(retenu.appels()).toBe(2);
    retenu.liberer(2);
    expect(await seconde).toBe(2);
  });

  it("une autre portée, d'autres filtres ou une autre base ne partagent pas", async () => {
    const retenu = calculRetenu();
    const lire = partageEnVol(retenu.calcul);
    const lectures = [
      lire(contexte()),
      lire(contexte({ roles: ["instructeur"], serviceInstructeurId: 7 })),
      lire(contexte({ roles: ["instructeur"], serviceInstructeurId: 8 })),
      lire(contexte({ region: ["11"] })),
      lire(contexte({ database: autreBase })),
    ];
    expect(retenu.appels()).toBe(5);
    for (const valeur of [10, 20, 30, 40, 50]) retenu.liberer(valeur);
    expect(await Promise.all(lectures)).toEqual([10, 20, 30, 40, 50]);
  });

  it("un échec est rendu aux lectures qui le partageaient, puis oublié", async () => {
    const retenu = calculRetenu();
    const lire = partageEnVol(retenu.calcul);
    const premiere = lire(contexte());
    const seconde = lire(contexte());
    retenu.echouer(new Error("Base injoignable"));
    await expect(premiere).rejects.toThrow("Base injoignable");
    await expect(seconde).rejects.toThrow("Base injoignable");
    const troisieme = lire(contexte());
    expect(retenu.appels()).toBe(2);
    retenu.liberer(3);
    expect(await troisieme).toBe(3);
  });
});
