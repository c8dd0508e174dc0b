import type { CustomerCookie, CustomerProfile } from "../contract/auth";
import type { BrandId } from "../contract/common";
import type { CustomerRow } from "../db/customers";

/** Groups member prices follow (price and user group, where set). */
export function groupsOf(customer: Pick<CustomerRow, "price_group" | "user_group">): string[] {
  return [customer.price_group, customer.user_group].filter((g) => g !== "");
}

/** The brand word in cookie names: usb2c → Usb2c (isUsb2cEmployee). */
function brandWord(site: BrandId): string {
  return site.charAt(0).toUpperCase() + site.slice(1);
}

export function customerCookies(customer: CustomerRow): CustomerCookie[] {
  const site = customer.site;
  const segment = customer.is_employee ? "employee" : customer.perks_member ? "member" : "standard";
  return [
    { key: "priceSegment", value: segment },
    { key: `customer.${site}.priceGroup`, value: customer.price_group },
    { key: `customer.${site}.userGroup`, value: customer.user_group },
    { key: `is${brandWord(customer.site as BrandId)}Employee`, value: String(!!customer.is_employee) },
    { key: "isPerksOptIn", value: String(!!customer.perks_member) },
  ];
}

export function profileOf(customer: CustomerRow): CustomerProfile {
  return {
    customerId: customer.id,
    email: customer.email,
    firstName: customer.first_name,
    lastName: customer.last_name,
    phone: customer.phone,
    isEmployee: !!customer.is_employee,
    perksOptIn: !!customer.perks_member,
    priceGroup: customer.price_group,
    userGroup: customer.user_group,
    customerCookies: customerCookies(customer),
  };
}

export const normalEmail = (email: string) => email.trim().toLowerCase();
