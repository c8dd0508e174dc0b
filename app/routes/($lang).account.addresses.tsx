import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Address } from "../../commerce/contract/address";
import type { AccountMessages } from "../brands/account-messages";
import { AddressLines } from "../components/AddressLines";
import { AccountForm, describedBy, Field, FieldError, FormMessage, type FormProblem, keptText, Notice, SubmitButton } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { apiProblem } from "../lib/account-forms.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { AddressFormSchema, AddressIdFormSchema } from "../lib/account-schemas.server";
import { orFailedPage } from "../lib/page-errors.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formPageHeaders } from "../lib/form-validation.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { addAddress, deleteAddress, listAddresses, updateAddress } from "../models/account.server";

/** The address book, four to a page (as checkout lists it): add, edit, delete, choose the default. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const url = new URL(request.url);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) - 1 || 0));
  const list = await orFailedPage(listAddresses(clientContext(context), page));
  // A page past the end (after a delete, or an old link) shows the last page instead of an empty book.
  if (list.addresses.length === 0 && page > 0 && list.pagination.totalPages > 0) {
    throw redirect(`${localePath(context.lang, "/account/addresses")}?page=${list.pagination.totalPages}`, 303);
  }
  const editId = url.searchParams.get("edit");
  const notice = url.searchParams.get("notice");
  return {
    list,
    editing: list.addresses.find((a) => a.id === editId),
    notice: notice === "addressSaved" || notice === "addressDeleted" ? (notice as "addressSaved" | "addressDeleted") : undefined,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const api = clientContext(context);
  const back = (notice: string) => redirect(`${localePath(context.lang, "/account/addresses")}?notice=${notice}`, 303);
  try {
    if (form.intent === "delete" || form.intent === "makeDefault") {
      const chosen = checkForm(context, AddressIdFormSchema, form);
      if ("answer" in chosen) return chosen.answer;
      if (form.intent === "delete") await deleteAddress(api, chosen.data.id);
      else await updateAddress(api, chosen.data.id, { isDefault: true });
      return back(form.intent === "delete" ? "addressDeleted" : "addressSaved");
    }
    // An edit sends the whole address, so a new postal code is checked against the province too.
    const address = checkForm(context, AddressFormSchema, form);
    if ("answer" in address) return address.answer;
    if (form.intent === "edit") {
      const edited = checkForm(context, AddressIdFormSchema, form);
      if ("answer" in edited) return edited.answer;
      await updateAddress(api, edited.data.id, address.data);
    } else await addAddress(api, address.data);
    return back("addressSaved");
  } catch (err) {
    return apiProblem(context, err, form);
  }
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("addressesHeading");

function AddressForm({
  t,
  state,
  address,
  defaultCountry,
}: {
  t: AccountMessages;
  state: FormProblem | undefined;
  address?: Address;
  defaultCountry: "US" | "CA";
}) {
  const value = (name: keyof Address) => (address ? String(address[name] ?? "") : undefined);
  const country = keptText(state, "country") ?? address?.country ?? defaultCountry;
  const canadian = country === "CA";
  return (
    <AccountForm intent={address ? "edit" : "add"}>
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <Field form="addr" name="firstName" label={t.firstName} autoComplete="given-name" required defaultValue={value("firstName")} state={state} />
      <Field form="addr" name="lastName" label={t.lastName} autoComplete="family-name" required defaultValue={value("lastName")} state={state} />
      <Field form="addr" name="line1" label={t.line1} autoComplete="address-line1" required defaultValue={value("line1")} state={state} />
      <Field form="addr" name="line2" label={t.line2} autoComplete="address-line2" defaultValue={value("line2")} state={state} />
      <Field form="addr" name="town" label={t.town} autoComplete="address-level2" required defaultValue={value("town")} state={state} />
      <Field
        form="addr"
        name="region"
        label={canadian ? t.regionCA : t.region}
        autoComplete="address-level1"
        required
        defaultValue={value("region")}
        state={state}
      />
      <Field
        form="addr"
        name="postalCode"
        label={canadian ? t.postalCodeCA : t.postalCode}
        autoComplete="postal-code"
        required
        defaultValue={value("postalCode")}
        state={state}
      />
      <div className={`field${state?.fields?.country ? " field--invalid" : ""}`}>
        <label htmlFor="addr-country">{t.country}</label>
        <select id="addr-country" name="country" defaultValue={country} {...describedBy("addr-country", state?.fields?.country)}>
          <option value="US">{t.countryUS}</option>
          <option value="CA">{t.countryCA}</option>
        </select>
        <FieldError id="addr-country" error={state?.fields?.country} />
      </div>
      <Field form="addr" name="phone" label={t.phone} type="tel" autoComplete="tel" defaultValue={value("phone")} state={state} />
      <div className="field field--check">
        <input id="addr-isDefault" name="isDefault" type="checkbox" defaultChecked={address?.isDefault} />
        <label htmlFor="addr-isDefault">{t.setAsDefault}</label>
      </div>
      <SubmitButton>{t.saveAddress}</SubmitButton>
    </AccountForm>
  );
}

export default function AddressBookPage() {
  const { list, editing, notice } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, brand, t } = useAccountText();
  const base = localePath(lang, "/account/addresses");
  const { currentPage, totalPages } = list.pagination;
  const defaultCountry = brand.id === "cab2c" ? "CA" : "US";
  return (
    <section aria-labelledby="addresses-heading" className="account-section">
      <h2 id="addresses-heading">{t.addressesHeading}</h2>
      {notice ? <Notice>{t[notice]}</Notice> : null}
      {list.addresses.length === 0 ? <p>{t.noAddresses}</p> : null}
      <ul className="address-list">
        {list.addresses.map((a) => (
          <li key={a.id} className="address-card">
            {a.isDefault ? <p className="badge">{t.defaultAddress}</p> : null}
            <AddressLines address={a} full />
            <div className="address-card__actions">
              <Link to={`${base}?edit=${encodeURIComponent(a.id)}${currentPage ? `&page=${currentPage + 1}` : ""}`}>{t.editAddress}</Link>
              {a.isDefault ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="makeDefault" />
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className="button button--secondary">
                    {t.makeDefault}
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" className="button button--secondary">
                  {t.deleteAddress}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav aria-label={t.addressesPage} className="pagination">
          {Array.from({ length: totalPages }, (_, i) => (
            <Link key={i} to={`${base}?page=${i + 1}`} aria-current={i === currentPage ? "page" : undefined}>
              {i + 1}
            </Link>
          ))}
        </nav>
      ) : null}
      <h3>{editing ? t.editAddressHeading : t.addAddressHeading}</h3>
      <FormMessage state={state} />
      {/* A new key after each saved address empties the form (with JavaScript the page is not reloaded). */}
      <AddressForm key={editing?.id ?? `new-${list.pagination.totalResults}`} t={t} state={state} address={editing} defaultCountry={defaultCountry} />
      {editing ? <Link to={base}>{t.cancel}</Link> : null}
    </section>
  );
}
