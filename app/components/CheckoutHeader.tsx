import type { Lang } from "../../commerce/contract/common";
import type { PublicBrand } from "../brands/brands";
import { format } from "../brands/locale";
import { localePath } from "../lib/paths";
import { PhoneNumber } from "./ErrorPage";
import { useMessages } from "./useMessages";

/**
 * The checkout's own header: the logo, that the checkout is secure, and the help number. No search,
 * categories or account links to lead the shopper away from a purchase half made.
 */
export function CheckoutHeader({ brand, lang }: { brand: PublicBrand; lang: Lang }) {
  const t = useMessages();
  return (
    <header className="site-header site-header--checkout">
      <div className="site-header__bar">
        <a href={localePath(lang, "/")} className="site-header__logo" aria-label={format(t.homeLink, { brand: brand.name })}>
          {brand.name}
        </a>
        <p className="checkout-header__secure">{t.secureCheckout}</p>
        <p className="checkout-header__help">
          {t.checkoutHelp} <PhoneNumber phone={brand.phone} />
        </p>
      </div>
    </header>
  );
}
