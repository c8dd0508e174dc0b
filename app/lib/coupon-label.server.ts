import type { BrandId, Lang } from "../../commerce/contract/common";
import { couponMessages } from "../brands/coupon-messages";
import { format } from "../brands/locale";

/**
 * "With SAVE10" under a price a coupon lowered, written on the server: a product page's bundle then
 * carries no coupon phrases for that one line.
 */
export function couponLabel(code: string | undefined, lang: Lang, brand: BrandId): string | undefined {
  return code ? format(couponMessages(lang, brand).withCoupon, { code }) : undefined;
}
