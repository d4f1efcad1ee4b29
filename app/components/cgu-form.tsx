import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { CGU_VERSION } from "#contract/cgu";
import { schemaAcceptationCgu } from "#contract/schemas/candidat";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import {
  CheckboxInputField,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RequiredFieldsNotice,
} from "~/components/forms";
import { LienDeconnexion, SectionBloquante } from "~/components/section-bloquante";
import { t } from "~/i18n";

/** The full text of the terms of use. */
export const CGU_TEXTE_PATH = "/conditions-generales-utilisation";

/** The route whose action records the acceptance (and shows the form again after an error). */
export const CGU_FORM_PATH = "/cgu";

/**
 * Pages a user who has not accepted the terms may still open (spec §2
 * "blocking terms modal"): the terms themselves, the form's own route and
 * the legal pages, and the sign-out page (its button is the form's way
 * out). /account/login and /account/callback only
 * redirect, so they are never blocked either.
 */
const PAGES_HORS_BLOCAGE = [
  CGU_TEXTE_PATH,
  CGU_FORM_PATH,
  "/account/logout",
  "/mentions-legales",
  "/donnees-personnelles",
  "/accessibilite",
  "/gestion-des-cookies",
  "/plan-de-site",
];

/** Whether `path` (a pathname) stays reachable while the terms are not accepted. */
export function pageHorsBlocageCgu(path: string): boolean {
  const normalise = path.replace(/\/+$/, "") || "/";
  return PAGES_HORS_BLOCAGE.includes(normalise);
}

/**
 * Whether the user must accept *new* terms (spec §2 Modals, "terms-update
 * modal") rather than accept them for the first time: he accepted an
 * earlier version (`cguVersionAcceptee` of GET /api/user/account, null if
 * none).
 */
export function cguMiseAJour(
  compte: Pick<UtilisateurCourant, "shallAcceptCgu" | "cguVersionAcceptee">,
): boolean {
  return (
    compte.shallAcceptCgu &&
    compte.cguVersionAcceptee !== null &&
    compte.cguVersionAcceptee !== CGU_VERSION
  );
}

/** Props of {@link CguForm}. */
export interface CguFormProps {
  /** conform's result of the last post to /cgu, if it was refused. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Same-origin path to come back to once accepted (the page that was blocked). */
  redirectTo: string;
  /** The terms-update wording (an older version had been accepted). */
  miseAJour: boolean;
}

/**
 * The blocking terms-of-use section (spec §2 Layout and Modals, §3 Terms
 * form, §5 "Terms: both consents true"; DESIGN §6: a server-rendered
 * section instead of the page content). Two required boxes, "Valider"
 * posting to /cgu (no browser validation: the server's messages show next
 * to the boxes, with or without JavaScript) and "Se déconnecter".
 */
export function CguForm({ lastResult, redirectTo, miseAJour }: CguFormProps) {
  const [form, fields] = useForm({
    id: "cgu",
    lastResult,
    constraint: getZodConstraint(schemaAcceptationCgu),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaAcceptationCgu }),
  });
  return (
    <SectionBloquante
      titreId="cgu-titre"
      titre="Conditions générales d'utilisation"
      colonnes="fr-col-12 fr-col-md-10 fr-col-lg-8"
    >
      <IntroductionCgu miseAJour={miseAJour} />
      <ResumeCgu />
      <Form method="post" action={CGU_FORM_PATH} {...getFormProps(form)} noValidate>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <Fieldset id="cgu-consentements" legend="Votre accord" heading="h2">
          <FieldsetElement>
            <CheckboxInputField
              field={fields.consentCgu}
              label="J'accepte les conditions générales d'utilisation"
            />
          </FieldsetElement>
          <FieldsetElement>
            <CheckboxInputField
              field={fields.consentMail}
              label="J'accepte de recevoir les notifications par lettre recommandée électronique"
            />
          </FieldsetElement>
        </Fieldset>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
          <li>
            <button type="submit" className="fr-btn">
              Valider
            </button>
          </li>
          <li>
            <LienDeconnexion />
          </li>
        </ul>
      </Form>
    </SectionBloquante>
  );
}

/**
 * The opening of the terms form: the "terms have changed" alert naming
 * `CGU_VERSION` when `miseAJour`, else the first-acceptance lead.
 */
function IntroductionCgu({ miseAJour }: { miseAJour: boolean }) {
  return miseAJour ? (
    <div className="fr-alert fr-alert--info fr-mb-4w">
      <h2 className="fr-alert__title">Les conditions générales d'utilisation ont évolué</h2>
      <p>
        Une nouvelle version (version {CGU_VERSION}) est en vigueur. Pour continuer à utiliser le
        portail, prenez-en connaissance et acceptez-la, ou déconnectez-vous.
      </p>
    </div>
  ) : (
    <p className="fr-text--lead">
      Avant d'utiliser le portail, prenez connaissance des conditions générales d'utilisation et
      acceptez-les.
    </p>
  );
}

/** « En résumé »: the terms in four points, then a link to their full text in a new window. */
function ResumeCgu() {
  const nouvelleFenetre = t("footer.nouvelleFenetre");
  return (
    <>
      <p>En résumé :</p>
      <ul>
        <li>
          le portail sert à demander l'agrément Mon Accompagnateur Rénov' et à suivre son
          instruction par les services de l'Anah ;
        </li>
        <li>
          vous répondez de l'exactitude des informations et des pièces déposées au nom de votre
          structure, et de la confidentialité de votre mot de passe ;
        </li>
        <li>
          les décisions et courriers relatifs à vos demandes vous sont notifiés par lettre
          recommandée électronique, à l'adresse électronique de votre compte ;
        </li>
        <li>
          l'Anah traite vos données personnelles selon sa politique de protection des données
          personnelles.
        </li>
      </ul>
      <p>
        <a
          href={CGU_TEXTE_PATH}
          target="_blank"
          rel="noopener"
          title={`Lire les conditions générales d'utilisation - ${nouvelleFenetre}`}
        >
          Lire les conditions générales d'utilisation
        </a>{" "}
        (version {CGU_VERSION})
      </p>
    </>
  );
}
