import { Form, Link } from "react-router";
import type { AddressList } from "../../../commerce/contract/address";
import type { AddressReview } from "../../lib/address-review.server";
import { AddressLines } from "../AddressLines";
import { AddressSuggestion } from "./AddressSuggestion";
import { describedBy, Field, FieldError, FormMessage, type FormProblem, keptText, SubmitButton } from "../FormFields";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/**
 * 2. Delivery address: where the order ships, a member's address book (four to a page) to choose
 * from, and a new address, open when none is chosen yet or when the last one typed was refused.
 * Its problem is a refused new address or a refused choice from the book. A typed address the
 * verifier would write differently waits beside its suggestion for the shopper's choice (`review`).
 */
export function DeliveryAddressSection({
  checkout,
  addressBook,
  problem,
  review,
}: SectionProps & { addressBook: AddressList | null; review?: AddressReview | null }) {
  const { t } = useCheckoutText();
  const address = checkout.deliveryAddress;
  const newAddressRefused = problem?.intent === "address" ? problem : undefined;
  return (
    <CheckoutSection id="delivery-address" headingId="address-heading" title={t.stepDelivery} step={{ name: "deliveryAddress", checkout }}>
      {address ? (
        <div className="checkout-section__chosen">
          <p className="checkout-section__label">{t.shipsTo}</p>
          <AddressLines address={address} />
        </div>
      ) : null}
      {review ? <AddressSuggestion review={review} /> : null}
      {problem?.intent === "chooseAddress" ? <FormMessage state={problem} /> : null}
      {addressBook && addressBook.addresses.length > 0 ? <AddressBook addressBook={addressBook} chosenId={address?.id} /> : null}
      <details className="checkout-new-address" open={(!address && !review) || newAddressRefused !== undefined}>
        <summary>{t.newAddress}</summary>
        <NewAddressForm problem={newAddressRefused} member={!checkout.guest} />
      </details>
    </CheckoutSection>
  );
}

function AddressBook({ addressBook, chosenId }: { addressBook: AddressList; chosenId: string | undefined }) {
  const { t } = useCheckoutText();
  const { currentPage, totalPages } = addressBook.pagination;
  return (
    <fieldset className="checkout-address-book">
      <legend>{t.addressBook}</legend>
      <ul className="address-list">
        {addressBook.addresses.map((a) => (
          <li key={a.id} className={`address-card${chosenId === a.id ? " address-card--chosen" : ""}`}>
            <AddressLines address={a} />
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="chooseAddress" />
              <input type="hidden" name="addressId" value={a.id} />
              <button type="submit" className="button button--secondary" aria-pressed={chosenId === a.id}>
                {t.useThisAddress}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <nav className="pager" aria-label={t.addressBook}>
        {currentPage > 0 ? (
          <Link to={`?addressPage=${currentPage - 1}#delivery-address`} preventScrollReset>
            {t.previousAddresses}
          </Link>
        ) : null}
        {currentPage + 1 < totalPages ? (
          <Link to={`?addressPage=${currentPage + 1}#delivery-address`} preventScrollReset>
            {t.moreAddresses}
          </Link>
        ) : null}
      </nav>
    </fieldset>
  );
}

function NewAddressForm({ problem, member }: { problem: FormProblem | undefined; member: boolean }) {
  const { t } = useCheckoutText();
  return (
    <Form method="post" preventScrollReset className="checkout-form">
      <input type="hidden" name="intent" value="address" />
      <FormMessage state={problem} />
      <Field form="addr" name="firstName" label={t.firstName} autoComplete="shipping given-name" required state={problem} />
      <Field form="addr" name="lastName" label={t.lastName} autoComplete="shipping family-name" required state={problem} />
      <Field form="addr" name="line1" label={t.line1} autoComplete="shipping address-line1" required state={problem} />
      <Field form="addr" name="line2" label={t.line2} autoComplete="shipping address-line2" state={problem} />
      <Field form="addr" name="town" label={t.town} autoComplete="shipping address-level2" required state={problem} />
      <RegionSelect problem={problem} />
      <Field form="addr" name="postalCode" label={t.postalCode} autoComplete="shipping postal-code" required state={problem} />
      <Field form="addr" name="phone" type="tel" label={t.phone} autoComplete="shipping tel" state={problem} />
      {member ? (
        <div className="field field--check">
          <input id="addr-saveInAddressBook" name="saveInAddressBook" type="checkbox" defaultChecked={keptText(problem, "saveInAddressBook") === "on"} />
          <label htmlFor="addr-saveInAddressBook">{t.saveInAddressBook}</label>
        </div>
      ) : null}
      <SubmitButton>{t.useThisAddress}</SubmitButton>
    </Form>
  );
}

/** States or provinces by name; the value is the code the service expects. */
function RegionSelect({ problem }: { problem: FormProblem | undefined }) {
  const { t, pricing } = useCheckoutText();
  const error = problem?.fields?.region;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor="addr-region">{t.region}</label>
      <select
        id="addr-region"
        name="region"
        autoComplete="shipping address-level1"
        required
        defaultValue={keptText(problem, "region") ?? ""}
        {...describedBy("addr-region", error)}
      >
        <option value="" disabled>
          —
        </option>
        {pricing.regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </select>
      <FieldError id="addr-region" error={error} />
    </div>
  );
}
