import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { auditLines } from "../brands/audit-messages.server";
import { format } from "../brands/locale";
import { FormMessage, Notice } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { apiProblem } from "../lib/account-forms.server";
import { requireAgent } from "../lib/account-guard.server";
import { CustomerIdFormSchema, CustomerQuerySchema } from "../lib/account-schemas.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { getAuditLog, getProfile, searchCustomers, startActingFor, stopActingFor } from "../models/account.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formPageHeaders } from "../lib/form-validation.server";
import { accountMeta, useAccountText } from "../lib/account-page";

/**
 * The customer-service desk: find a customer by name or email, read what agents did for them
 * (without acting for them: the service logs the read itself), act for them (every page then shows
 * a banner, and their account pages are the agent's to use), and end the session. While acting, the
 * desk shows that customer's activity unless another's was asked for (`?activity=<customerId>`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = requireAgent(request, context);
  const api = clientContext(context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const query = CustomerQuerySchema.safeParse({ q });
  const activityFor = activityCustomer(params.get("activity"), shopper.actingFor?.customerId);
  const [found, log] = await Promise.all([
    query.success ? orFailedPage(searchCustomers(api, query.data.q)).then((r) => r.customers) : Promise.resolve(undefined),
    activityFor ? orFailedPage(getAuditLog(api, activityFor)) : Promise.resolve(undefined),
  ]);
  const ended = params.get("notice") === "assistedSessionEnded" && !shopper.actingFor;
  const activity = log ? { name: customerName(log.customer), lines: auditLines(log.entries, context.lang, context.brand) } : undefined;
  return { q, found, actingFor: shopper.actingFor, activity, ended };
}

/** Whose log the desk shows: the one asked for (an id that cannot be one finds nothing), else the customer acted for. */
function activityCustomer(asked: string | null, actingFor: string | undefined): string | undefined {
  if (asked === null) return actingFor;
  const checked = CustomerIdFormSchema.safeParse({ customerId: asked });
  return checked.success ? checked.data.customerId : notFoundPage();
}

const customerName = (c: { firstName: string; lastName: string; email: string }) => `${c.firstName} ${c.lastName}`.trim() || c.email;

export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = requireAgent(request, context);
  const form = await readFormFields(request);
  const api = clientContext(context);
  try {
    if (form.intent === "end") {
      if (shopper.actingFor) await stopActingFor(api, shopper.actingFor.customerId);
      await shopper.actFor(undefined);
      return redirect("/agent", 303);
    }
    const checked = checkForm(context, CustomerIdFormSchema, form);
    if ("answer" in checked) return checked.answer;
    const { customerId } = checked.data;
    if (shopper.actingFor) await stopActingFor(api, shopper.actingFor.customerId);
    await startActingFor(api, customerId);
    await shopper.actFor({ customerId, name: customerId });
    // The banner names the customer as their account says, not as the form did.
    const profile = await getProfile(api);
    await shopper.actFor({ customerId, name: customerName(profile) });
  } catch (err) {
    return apiProblem(context, err, form);
  }
  return redirect("/agent", 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("agentDeskTitle");

export default function AgentDeskPage() {
  const { q, found, actingFor, activity, ended } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { t } = useAccountText();
  return (
    <div className="agent-desk">
      <h1>{t.agentDeskTitle}</h1>
      {ended ? <Notice>{t.assistedSessionEnded}</Notice> : null}
      <FormMessage state={state} />
      {actingFor ? (
        <section aria-labelledby="acting-heading" className="account-section">
          <h2 id="acting-heading">{format(t.actingBanner, { name: actingFor.name })}</h2>
          <p>
            <Link to="/account">{t.viewAccount}</Link>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="end" />
            <button type="submit" className="button button--secondary">
              {t.endSession}
            </button>
          </Form>
        </section>
      ) : null}
      {activity ? (
        <section aria-labelledby="activity-heading" className="account-section" id="activity">
          <h2 id="activity-heading">{format(t.activityFor, { name: activity.name })}</h2>
          {activity.lines.length > 0 ? (
            <table className="audit-log">
              <thead>
                <tr>
                  <th scope="col">{t.activityWhen}</th>
                  <th scope="col">{t.activityWhat}</th>
                </tr>
              </thead>
              <tbody>
                {activity.lines.map((line) => (
                  <tr key={line.key}>
                    <td>
                      <time dateTime={line.at}>{line.when}</time>
                    </td>
                    <td>{line.words}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t.noActivity}</p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="find-heading" className="account-section">
        <h2 id="find-heading">{t.findCustomer}</h2>
        <Form method="get" className="account-form">
          <div className="field">
            <label htmlFor="agent-q">{t.findCustomerHint}</label>
            <input id="agent-q" name="q" type="search" defaultValue={q} minLength={2} required />
          </div>
          <button type="submit" className="button">
            {t.findButton}
          </button>
        </Form>
        {found && found.length === 0 ? <p role="status">{format(t.noCustomersFound, { q })}</p> : null}
        {found && found.length > 0 ? (
          <ul className="customer-results">
            {found.map((c) => {
              const name = `${c.firstName} ${c.lastName}`;
              return (
                <li key={c.customerId}>
                  <span>
                    {name} — {c.email}
                    {c.status === "pending" ? ` (${t.pendingAccount})` : ""}
                  </span>
                  <Link to={`/agent?${new URLSearchParams({ q, activity: c.customerId })}#activity`}>{format(t.seeActivity, { name })}</Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="start" />
                    <input type="hidden" name="customerId" value={c.customerId} />
                    <button type="submit" className="button">
                      {format(t.actFor, { name })}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
