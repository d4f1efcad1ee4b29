/**
 * Mail preferences on /account/params (spec §2 account settings, §7
 * `POST /api/user/parametre-mail`), with JavaScript on and off:
 * a fresh applicant unticks one kind of mail, saves, and finds the choice
 * kept after a reload.
 */
import { expect, test } from "@playwright/test";
import { PARAMETRES_MAIL } from "../contract/schemas/parametres-mail.ts";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { expectNoAxeViolations } from "./support.ts";

const [SUIVI, MESSAGE, RAPPORT] = PARAMETRES_MAIL.map((parametre) => parametre.libelle);

test("an applicant unticks a mail preference, saves it and finds it kept", async ({
  page,
}, info) => {
  await nouveauDemandeur(page);
  await page.goto("/account/params");
  await expect(page).toHaveTitle(/^Paramètres du compte \| /);
  await expect(
    page.getByRole("heading", { name: "Préférences de notification par courriel", level: 2 }),
  ).toBeVisible();
  const suivi = page.getByLabel(SUIVI);
  const message = page.getByLabel(MESSAGE);
  const rapport = page.getByLabel(RAPPORT);
  // Every kind of mail is wanted until the user says otherwise.
  await expect(suivi).toBeChecked();
  await expect(message).toBeChecked();
  await expect(rapport).toBeChecked();
  if (info.project.name === "js") await expectNoAxeViolations(page);
  // The preferences at 1280 and 375 px, kept with the test's output.
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`parametres-mail-${largeur}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // DSFR draws the box on the label, which covers the input: act through it.
  await suivi.uncheck({ force: true });
  await page.getByRole("button", { name: "Enregistrer mes préférences" }).click();
  await expect(page).toHaveURL(/\/account\/params$/);
  await expect(
    page.getByText("Vos préférences de notification ont bien été enregistrées."),
  ).toBeVisible();

  await page.reload();
  await expect(suivi).not.toBeChecked();
  await expect(message).toBeChecked();
  await expect(rapport).toBeChecked();

  // And back: ticking it again is kept too.
  await suivi.check({ force: true });
  await page.getByRole("button", { name: "Enregistrer mes préférences" }).click();
  await expect(
    page.getByText("Vos préférences de notification ont bien été enregistrées."),
  ).toBeVisible();
  await page.goto("/account/params");
  await expect(suivi).toBeChecked();
});
