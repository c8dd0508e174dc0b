/** The parts of an address every page shows it with. */
export interface AddressParts {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  town: string;
  region: string;
  postalCode: string;
  country?: string;
  phone?: string;
}

/** An address as a postal label: name, street lines, town, region and code; the country and phone when asked. */
export function AddressLines({ address, full = false }: { address: AddressParts; full?: boolean }) {
  return (
    <address>
      {address.firstName} {address.lastName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.town}, {address.region} {address.postalCode}
      {full && address.country ? (
        <>
          <br />
          {address.country}
        </>
      ) : null}
      {full && address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
