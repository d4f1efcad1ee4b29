import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import { PARAMETRES_MAIL } from "#contract/schemas/parametres-mail";
import { schemaParametresMail, type ParametresMail } from "#contract/schemas/utilisateur";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  enregistrerParametresMail,
  lireUtilisateurCourant,
} from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { CheckboxField, Fieldset, FieldsetElement, FormErrorSummary } from "~/components/forms";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/** This page: where Post/Redirect/Get comes back. */
const ADRESSE = "/account/params";

/**
 * `/account/params` (spec §2 account settings): the account information
 * and the mail preferences (`GET /api/user/account`, `parametresMail`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { user: await callEndpoint(request, context, lireUtilisateurCourant) };
}

/**
 * Saves the mail preferences (spec §7 `POST /api/user/parametre-mail`): one
 * checkbox per code of PARAMETRES_MAIL, an unticked box meaning "no" (the
 * shared `schemaParametresMail`), then Post/Redirect/Get to this page with
 * a success notification. A refusal of the API shows its message above the
 * boxes, which keep what was ticked.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: schemaParametresMail });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  try {
    await callEndpoint(request, context, enregistrerParametresMail, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    return data(
      {
        lastResult: submission.reply({
          formErrors: [error.message || t("erreur.autre.sousTitre")],
        }) as SubmissionResult<string[]>,
      },
      { status: 422 },
    );
  }
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.parametresMailEnregistres"),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Paramètres du compte" };

export default function AccountParams() {
  const { user } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Nom", user.lastName],
    ["Prénom", user.firstName],
    ["Adresse électronique", user.email],
    ["Rôles", user.roles.map((role) => ROLE_LABELS[role]).join(", ")],
  ];
  if (user.service) rows.push(["Service instructeur", user.service.nom]);
  if (user.societe) {
    rows.push(["Raison sociale", user.societe.raisonSociale], ["SIREN", user.societe.siren]);
  }
  if (user.perimetreSupervision) {
    const { regions, departements } = user.perimetreSupervision;
    rows.push([
      "Périmètre de supervision",
      [
        regions.length ? `Régions : ${regions.join(", ")}` : "",
        departements.length ? `Départements : ${departements.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" ; ") || "Aucun",
    ]);
  }
  return (
    <div className="fr-container fr-py-6w">
      <h1>Paramètres du compte</h1>
      <h2 className="fr-h4">Informations du compte</h2>
      <dl className="fr-grid-row fr-grid-row--gutters">
        {rows.map(([label, value]) => (
          <div key={label} className="fr-col-12 fr-col-md-6">
            <dt className="fr-text--bold fr-mb-0">{label}</dt>
            <dd className="fr-ml-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fr-text--sm">
        Votre identité est gérée par le service d'authentification de l'Anah. Pour corriger une
        information, écrivez à{" "}
        <a href="mailto:mar-agrement@anah.gouv.fr">mar-agrement@anah.gouv.fr</a>.
      </p>
      <PreferencesCourriel parametresMail={user.parametresMail} />
    </div>
  );
}

/**
 * "Préférences de notification par courriel" (spec §2 account settings,
 * mail preferences): one DSFR checkbox per kind of mail, ticked when the
 * user wants it, posted to this route's action (works without JavaScript).
 */
function PreferencesCourriel({ parametresMail }: { parametresMail: ParametresMail }) {
  const result = useActionData<typeof action>();
  const enCours = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "parametres-mail",
    lastResult: result?.lastResult,
    // A ticked checkbox's value, as the browser posts it.
    defaultValue: Object.fromEntries(
      PARAMETRES_MAIL.map(({ code }) => [code, parametresMail[code] ? "on" : null]),
    ),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaParametresMail }),
  });
  return (
    <section className="fr-mt-6w" aria-labelledby="parametres-mail-titre">
      <h2 className="fr-h4" id="parametres-mail-titre">
        Préférences de notification par courriel
      </h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <Fieldset
          id="parametres-mail-choix"
          legend="Je souhaite recevoir un courriel pour :"
          regular
          hint="Décochez une case pour ne plus recevoir les courriels de ce type. Les autres informations restent visibles sur le portail."
        >
          {PARAMETRES_MAIL.map(({ code, libelle }) => (
            <FieldsetElement key={code}>
              <CheckboxField id={fields[code].id} label={libelle} errors={fields[code].errors}>
                <input {...getInputProps(fields[code], { type: "checkbox" })} />
              </CheckboxField>
            </FieldsetElement>
          ))}
        </Fieldset>
        <button type="submit" className="fr-btn" disabled={enCours}>
          Enregistrer mes préférences
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Paramètres du compte") }];
