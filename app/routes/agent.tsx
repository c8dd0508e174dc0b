import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { format } from "../brands/messages";
import { FormMessage, Notice } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { apiProblem } from "../lib/account-forms.server";
import { requireAgent } from "../lib/account-guard.server";
import { CustomerIdFormSchema, CustomerQuerySchema } from "../lib/account-schemas.server";
import { orFailedPage } from "../lib/page-errors.server";
import { getAuditLog, getProfile, searchCustomers, startActingFor, stopActingFor } from "../models/account.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formPageHeaders } from "../lib/form-validation.server";
import { accountMeta, useAccountText } from "../lib/account-page";

/**
 * The customer-service desk: find a customer by name or email, act for them (every page then shows
 * a banner, and their account pages are the agent's to use), end the session, and read what agents
 * did for the customer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = requireAgent(request, context);
  const api = clientContext(context);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const query = CustomerQuerySchema.safeParse({ q });
  const [found, audit] = await Promise.all([
    query.success ? orFailedPage(searchCustomers(api, query.data.q)).then((r) => r.customers) : Promise.resolve(undefined),
    shopper.actingFor ? orFailedPage(getAuditLog(api)).then((r) => r.entries) : Promise.resolve(undefined),
  ]);
  const ended = new URL(request.url).searchParams.get("notice") === "assistedSessionEnded" && !shopper.actingFor;
  return { q, found, actingFor: shopper.actingFor, audit, ended };
}

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
    await shopper.actFor({ customerId, name: `${profile.firstName} ${profile.lastName}`.trim() || profile.email });
  } catch (err) {
    return apiProblem(context, err, form);
  }
  return redirect("/agent", 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("agentDeskTitle");

export default function AgentDeskPage() {
  const { q, found, actingFor, audit, ended } = useLoaderData<typeof loader>();
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
          <h3>{t.activityHeading}</h3>
          {audit && audit.length > 0 ? (
            <table className="audit-log">
              <thead>
                <tr>
                  <th scope="col">{t.activityWhen}</th>
                  <th scope="col">{t.activityAgent}</th>
                  <th scope="col">{t.activityAction}</th>
                  <th scope="col">{t.activityRequest}</th>
                </tr>
              </thead>
              <tbody>
                {audit.map((e) => (
                  <tr key={`${e.createdAt}-${e.correlationId}-${e.action}`}>
                    <td>{e.createdAt}</td>
                    <td>{e.agentId}</td>
                    <td>
                      {e.action}
                      {e.detail ? ` (${e.detail})` : ""}
                    </td>
                    <td>
                      <code>{e.correlationId}</code>
                    </td>
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
