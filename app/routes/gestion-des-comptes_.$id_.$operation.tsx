import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { QUALITES } from "#contract/qualites";
import {
  SCHEMAS_ACTION_COMPTE,
  type ActionGestionCompte,
  type CompteDetail,
} from "#contract/schemas/comptes";
import { callEndpoint, executerActionCompte, lireCompte } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusApi, refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { CHEMINS_ACTION_COMPTE, LIBELLES_ACTION_COMPTE } from "~/components/comptes/fiche-compte";
import {
  CheckboxField,
  Field,
  FormErrorSummary,
  RadioGroup,
  RequiredFieldsNotice,
} from "~/components/forms";
import { actionSuccessMessage, t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/** The account action of a path segment (`representant`, `qualite`, …); 404 otherwise. */
function actionDe(operation: string | undefined): ActionGestionCompte {
  const trouvee = (Object.keys(CHEMINS_ACTION_COMPTE) as ActionGestionCompte[]).find(
    (action) => CHEMINS_ACTION_COMPTE[action] === operation,
  );
  if (!trouvee) throw new Response("Page non trouvée", { status: 404 });
  return trouvee;
}

/**
 * `/gestion-des-comptes/{id}/{representant|qualite|coordonnees|suppression}`
 * (admin_fonctionnel only; spec §4 Account actions, §5 Accounts): the
 * account (`GET /api/user/account/{id}`, 404 when unknown) and whether the
 * server lists this action for it now.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const action = actionDe(params.operation);
  const compte = await callEndpoint(request, context, lireCompte, { params: { id: params.id! } });
  return {
    action,
    compte,
    disponible: compte.actionsDisponibles.some((disponible) => disponible.action === action),
    breadcrumb: LIBELLES_ACTION_COMPTE[action],
    breadcrumbParents: [
      { label: "Gestion des comptes", href: "/gestion-des-comptes" },
      {
        label: compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`,
        href: `/gestion-des-comptes/${compte.id}`,
      },
    ],
  };
}

/** The success notification of `action` (spec §8: account deleted, name, phone, quality updated). */
function messageSucces(
  action: ActionGestionCompte,
  modifie: { nom: boolean; telephone: boolean } | undefined,
): string {
  if (action === "MODIFIER_REFERENT_COMPTE" && modifie) {
    const messages = [
      modifie.nom ? t("notification.success.nomModifie") : null,
      modifie.telephone ? t("notification.success.telephoneModifie") : null,
    ].filter((message): message is string => message !== null);
    if (messages.length) return messages.join(" ");
  }
  return actionSuccessMessage("compte", action);
}

/**
 * Posts the action (Post/Redirect/Get): checks the form with the action's
 * schema of contract/schemas/comptes.ts (errors next to the fields, values
 * kept), then `POST /api/user/account/{id}/action` as form data. Success →
 * the account page (the list after a deletion) with its notification; 422
 * → the API's field errors; 403 (no longer available) → the account page
 * with an error notification.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const action = actionDe(params.operation);
  const id = params.id!;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SCHEMAS_ACTION_COMPTE[action] });
  if (submission.status !== "success")
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const champs = Object.fromEntries(
    Object.entries(submission.value).map(([nom, valeur]) => [
      nom,
      typeof valeur === "boolean" ? (valeur ? "on" : "") : String(valeur),
    ]),
  );
  let resultat;
  try {
    resultat = await callEndpoint(request, context, executerActionCompte, {
      params: { id },
      body: { action, ...champs },
      format: "form",
    });
  } catch (error) {
    const refus = refusApi(error, [403, 422]);
    if (refus.status === 403)
      return redirectWithToast(
        `/gestion-des-comptes/${id}`,
        {
          type: "error",
          titre: t("notification.error.titre.403"),
          description: refus.message || "Cette action n'est plus possible sur ce compte.",
        },
        { request, context },
      );
    return refusDuFormulaire(refus, submission, { message: t("erreur.autre.sousTitre") });
  }
  return redirectWithToast(
    action === "SUPPRIMER_COMPTE" ? "/gestion-des-comptes" : `/gestion-des-comptes/${id}`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: messageSucces(action, resultat.modifie),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Action sur le compte" };

/**
 * The form of one account action (no JavaScript needed): its fields, the
 * confirmation box the spec requires (§5: "account data update needs a
 * confirmation checkbox", "account deletion needs a reason and
 * confirmation"), the submit button and "Retour" to the account.
 */
export default function ActionCompte() {
  const { action, compte, disponible } = useLoaderData<typeof loader>();
  const retour = `/gestion-des-comptes/${compte.id}`;
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{LIBELLES_ACTION_COMPTE[action]}</h1>
          <p className="fr-text--lead">
            {compte.raisonSociale ?? "Compte sans structure"}
            {compte.siren ? ` – SIREN ${compte.siren}` : null}
          </p>
          {disponible ? (
            <FormulaireActionCompte key={action} action={action} compte={compte} retour={retour} />
          ) : (
            <>
              <Alert
                className="fr-mb-4w"
                severity="info"
                as="h2"
                title="Cette action n'est pas possible sur ce compte"
                description="Un compte dont la structure détient un agrément ou une demande déposée ne peut pas être supprimé ; les coordonnées de la structure ne se modifient que sur une demande en brouillon."
              />
              <Link className="fr-btn fr-btn--secondary" to={retour}>
                Retour
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** Default values of the form of `action`: what the account holds now. */
function valeursInitiales(action: ActionGestionCompte, compte: CompteDetail) {
  switch (action) {
    case "MODIFIER_REFERENT_COMPTE":
      return { prenom: compte.firstName, nom: compte.lastName, telephone: compte.telephone ?? "" };
    case "MODIFIER_QUALITES_COMPTE":
      return { qualite: compte.qualites.length === 1 ? compte.qualites[0] : undefined };
    case "MODIFIER_INFO_SOCIETE":
      return {
        telephone: compte.coordonneesStructure?.telephone ?? "",
        email: compte.coordonneesStructure?.email ?? "",
      };
    default:
      return {};
  }
}

function FormulaireActionCompte({
  action,
  compte,
  retour,
}: {
  action: ActionGestionCompte;
  compte: CompteDetail;
  retour: string;
}) {
  const result = useActionData<typeof loader & { lastResult?: SubmissionResult<string[]> }>() as
    { lastResult?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const schema: z.ZodTypeAny = SCHEMAS_ACTION_COMPTE[action];
  const [form, fields] = useForm<Record<string, string>>({
    id: `compte-${CHEMINS_ACTION_COMPTE[action]}`,
    lastResult: navigation.state === "idle" ? result?.lastResult : undefined,
    defaultValue: valeursInitiales(action, compte),
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const suppression = action === "SUPPRIMER_COMPTE";
  return (
    <>
      {suppression ? (
        <Alert
          className="fr-mb-4w"
          severity="warning"
          as="h2"
          title="La suppression est définitive"
          description="Le compte, sa structure, ses demandes en brouillon ou annulées et leurs pièces jointes seront supprimés ; le représentant ne pourra plus se connecter."
        />
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        {action === "SUPPRIMER_COMPTE" ? (
          <Field
            id={fields.motif.id}
            label="Motif de la suppression"
            hint="Il est conservé dans l'historique du compte."
            errors={fields.motif.errors}
          >
            <textarea {...getTextareaProps(fields.motif)} rows={5} />
          </Field>
        ) : null}
        {action === "MODIFIER_REFERENT_COMPTE" ? (
          <>
            <Field
              id={fields.prenom.id}
              label="Prénom du représentant"
              errors={fields.prenom.errors}
            >
              <input {...getInputProps(fields.prenom, { type: "text" })} autoComplete="off" />
            </Field>
            <Field id={fields.nom.id} label="Nom du représentant" errors={fields.nom.errors}>
              <input {...getInputProps(fields.nom, { type: "text" })} autoComplete="off" />
            </Field>
          </>
        ) : null}
        {action === "MODIFIER_REFERENT_COMPTE" || action === "MODIFIER_INFO_SOCIETE" ? (
          <Field
            id={fields.telephone.id}
            label={
              action === "MODIFIER_INFO_SOCIETE"
                ? "Téléphone de la structure"
                : "Téléphone du représentant"
            }
            hint="Format attendu : 01 23 45 67 89 ou +33 1 23 45 67 89"
            errors={fields.telephone.errors}
          >
            <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="off" />
          </Field>
        ) : null}
        {action === "MODIFIER_INFO_SOCIETE" ? (
          <Field
            id={fields.email.id}
            label="Adresse électronique de la structure"
            hint="La raison sociale et le SIREN ne peuvent pas être modifiés."
            errors={fields.email.errors}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
          </Field>
        ) : null}
        {action === "MODIFIER_QUALITES_COMPTE" ? (
          <RadioGroup
            id={fields.qualite.id}
            legend="Qualité de la structure"
            hint={
              compte.qualites.length > 1
                ? "La structure a plusieurs qualités : elle n'en gardera qu'une."
                : "Une seule qualité par structure."
            }
            required
            errors={fields.qualite.errors}
            options={getCollectionProps(fields.qualite, {
              type: "radio",
              options: QUALITES.map((qualite) => qualite.code),
            }).map((props) => ({
              props,
              label: QUALITES.find((qualite) => qualite.code === props.value)!.libelle,
            }))}
          />
        ) : null}
        <CheckboxField
          id={fields.confirmation.id}
          label={
            suppression
              ? "Je confirme vouloir supprimer définitivement ce compte"
              : "Je confirme la modification des informations du compte"
          }
          errors={fields.confirmation.errors}
        >
          <input {...getInputProps(fields.confirmation, { type: "checkbox" })} />
        </CheckboxField>
        <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-4w">
          <li>
            <button type="submit" className="fr-btn">
              {suppression ? "Supprimer le compte" : "Enregistrer"}
            </button>
          </li>
          <li>
            <Link className="fr-btn fr-btn--secondary" to={retour}>
              Retour
            </Link>
          </li>
        </ul>
      </Form>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? LIBELLES_ACTION_COMPTE[data.action] : "Action sur le compte") },
];
