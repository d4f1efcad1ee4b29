import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import {
  callEndpoint,
  lireHorlogeRecette,
  reglerHorlogeRecette,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { Field, FormErrorSummary, RequiredFieldsNotice } from "~/components/forms";
import { pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import { t } from "~/i18n";
import { dateHeureFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const URL_PAGE = "/recette/horloge";

/** The date-time field as the browser posts it ("2027-02-15T12:00", Europe/Paris). */
const schema = z.object({
  date: z
    .string({ required_error: "Saisissez la date et l'heure à simuler." })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, {
      message: "Saisissez une date et une heure valides, par exemple 15/02/2027 12:00.",
    }),
});

const HEURE_MUR_PARIS = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant → the "AAAA-MM-JJTHH:MM" a datetime-local field shows, in Europe/Paris. */
function heureMurParis(instant: Date): string {
  const parts = Object.fromEntries(
    HEURE_MUR_PARIS.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * "AAAA-MM-JJTHH:MM" read as Europe/Paris wall time → the instant (the
 * offset is the one Paris has at that time; the skipped hour of the spring
 * change moves on by an hour).
 */
function instantParis(murale: string): Date {
  const commeUtc = new Date(`${murale.slice(0, 16)}:00Z`).getTime();
  let instant = commeUtc;
  // Twice: the offset of the guess can differ from the offset of the result near a change.
  for (let tour = 0; tour < 2; tour += 1) {
    const decalage = new Date(`${heureMurParis(new Date(instant))}:00Z`).getTime() - instant;
    instant = commeUtc - decalage;
  }
  return new Date(instant);
}

/**
 * `/recette/horloge` (acceptance-testing portal, setting HORLOGE_RECETTE;
 * admin_fonctionnel only, others 403): the real date and the simulated one
 * (GET /api/recette/horloge). 404 when the setting is off (the server then
 * gives no `dateSimulee` in the load context).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  if (!context.dateSimulee) throw pageNonTrouvee();
  return callEndpoint(request, context, lireHorlogeRecette);
}

export const handle: BreadcrumbHandle = { breadcrumb: "Horloge de recette" };

/**
 * `intent=appliquer`: PUT /api/recette/horloge with the posted Paris date
 * and time (422 with the field's message when missing or malformed);
 * `intent=reinitialiser`: the same with `null` (back to the real date).
 * Then back to this page with a notification (Post/Redirect/Get).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  if (!context.dateSimulee) throw pageNonTrouvee();
  const formData = await request.formData();
  const succes = (description: string) =>
    redirectWithToast(
      URL_PAGE,
      { type: "success", titre: t("notification.titre.success"), description },
      { request, context },
    );
  if (formData.get("intent") === "reinitialiser") {
    await callEndpoint(request, context, reglerHorlogeRecette, { body: { date: null } });
    return succes("Le portail est revenu à la date réelle.");
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ lastResult: submission.reply() }, { status: 422 });
  const etat = await callEndpoint(request, context, reglerHorlogeRecette, {
    body: { date: instantParis(submission.value.date).toISOString() },
  });
  return succes(`Date simulée : ${dateHeureFr(etat.simulee ?? etat.reelle)}.`);
}

/** The two dates, the form setting the simulated one, and the one going back to the real one. */
export default function HorlogeRecette() {
  const { reelle, simulee } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  const enCours = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "horloge-recette",
    lastResult: resultat?.lastResult,
    defaultValue: { date: heureMurParis(new Date(simulee ?? reelle)) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <div className="fr-container fr-py-6w">
      <h1>Horloge de recette</h1>
      <p>
        Sur ce portail de recette, les règles métier et les tâches planifiées peuvent lire une date
        simulée, qui avance ensuite au rythme réel. Les connexions et les sessions gardent la date
        réelle.
      </p>
      <dl className="fr-mb-4w">
        <dt className="fr-text--bold fr-mb-0">Date réelle</dt>
        <dd className="fr-ml-0 fr-mb-2w">{dateHeureFr(reelle)}</dd>
        <dt className="fr-text--bold fr-mb-0">Date simulée</dt>
        <dd className="fr-ml-0">{simulee ? dateHeureFr(simulee) : "Aucune : date réelle"}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)} className="fr-mb-4w">
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <Field
          id={fields.date.id}
          label="Date simulée"
          hint="Date et heure de Paris."
          errors={fields.date.errors}
        >
          <input {...getInputProps(fields.date, { type: "datetime-local" })} required />
        </Field>
        <button type="submit" className="fr-btn" name="intent" value="appliquer" disabled={enCours}>
          Appliquer
        </button>
      </Form>
      {simulee ? (
        <Form method="post">
          <button
            type="submit"
            className="fr-btn fr-btn--secondary"
            name="intent"
            value="reinitialiser"
            disabled={enCours}
          >
            Revenir à la date réelle
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Horloge de recette") }];
